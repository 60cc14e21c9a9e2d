import type { z } from 'zod';
import type { Comment as CommentOut, Post as PostOut, PostScrape, PostSearchItem } from '../../../contract/index.js';
import type { Post } from '../../world/index.js';
import { degreeLabel, findCompany, findPerson, relativeStamp } from '../../world/index.js';
import type { ActingAccount, DomainDeps } from '../context.js';
import { companyCard, personCard, selfCard, type ActorCard } from './actors.js';
import { countsOf, type CommentEntry, type EngagementCounts } from './engagement.js';

/** World posts and overlay engagement rendered as the contract's shapes. */

type PostShape = z.input<typeof PostOut>;
type SearchItemShape = z.input<typeof PostSearchItem>;

interface AuthorFacts {
  card: ActorCard;
  picture: string;
  degree: string;
  isVerified: boolean;
  isPremium: boolean;
}

function authorOf(deps: DomainDeps, account: ActingAccount, post: Post): AuthorFacts {
  const world = deps.world();
  if (post.author.type === 'person') {
    const p = findPerson(world, post.author.personId);
    if (!p) throw new Error(`world is inconsistent: unknown person ${post.author.personId}`);
    const degree = degreeLabel(deps.network.degreeOf(account, p.id));
    return { card: personCard(p), picture: p.profilePicture, degree, isVerified: p.isVerified, isPremium: p.isPremium };
  }
  if (post.author.type === 'company') {
    const c = findCompany(world, post.author.companyId);
    if (!c) throw new Error(`world is inconsistent: unknown company ${post.author.companyId}`);
    // A page has no connection degree.
    return { card: companyCard(c), picture: c.logoUrl, degree: '', isVerified: false, isPremium: false };
  }
  return { card: selfCard(deps, account), picture: '', degree: '', isVerified: false, isPremium: account.isPremium };
}

export function authorCard(deps: DomainDeps, account: ActingAccount, post: Post): ActorCard {
  return authorOf(deps, account, post).card;
}

export function renderPost(deps: DomainDeps, account: ActingAccount, post: Post, counts = countsOf(deps, account, post)): PostShape {
  const author = authorOf(deps, account, post).card;
  return {
    activityUrn: post.activityUrn,
    postUrl: post.postUrl,
    authorName: author.name,
    authorProfileUrl: author.profileUrl,
    content: post.content,
    timestamp: relativeStamp(post.createdAtMs, deps.clock.now()),
    likes: counts.reactions,
    comments: counts.comments,
    shares: counts.shares,
    isPeopleUpdate: post.isPeopleUpdate,
    ...(post.celebrationType ? { celebrationType: post.celebrationType } : {}),
    isArticle: post.isArticle,
    ...(post.articleUrl ? { articleUrl: post.articleUrl } : {}),
    canComment: post.canComment,
  };
}

export function renderSearchItem(deps: DomainDeps, account: ActingAccount, post: Post): SearchItemShape {
  const a = authorOf(deps, account, post);
  const counts: EngagementCounts = countsOf(deps, account, post);
  return {
    activityUrn: post.activityUrn,
    postUrl: post.postUrl,
    author: {
      profileId: a.card.profileId,
      profileUrl: a.card.profileUrl,
      name: a.card.name,
      headline: a.card.headline,
      profilePicture: a.picture,
      connectionDegree: a.degree,
      isVerified: a.isVerified,
      isPremium: a.isPremium,
    },
    content: post.content,
    timestamp: relativeStamp(post.createdAtMs, deps.clock.now()),
    visibility: post.visibility,
    engagement: { reactions: counts.reactions, comments: counts.comments, reposts: counts.shares },
    hashtags: post.hashtags,
    isPeopleUpdate: post.isPeopleUpdate,
    isArticle: post.isArticle,
    canComment: post.canComment,
  };
}

export function renderComment(c: CommentEntry): z.input<typeof CommentOut> {
  return {
    commentId: c.commentId,
    authorName: c.actor.name,
    authorProfileUrl: c.actor.profileUrl,
    content: c.content,
    timestamp: new Date(c.createdAtMs).toISOString(),
    likes: c.likes,
  };
}

export function renderScrape(deps: DomainDeps, account: ActingAccount, post: Post): z.input<typeof PostScrape> {
  const counts = countsOf(deps, account, post);
  const author = authorOf(deps, account, post).card;
  return {
    postUrn: post.activityUrn,
    author: { name: author.name, profileUrl: author.profileUrl, headline: author.headline },
    text: post.content,
    mediaUrls: [...post.mediaUrls],
    reactions: { ...counts.byType, total: counts.reactions },
    comments: counts.comments,
    shares: counts.shares,
    timestamp: new Date(post.createdAtMs).toISOString(),
  };
}
