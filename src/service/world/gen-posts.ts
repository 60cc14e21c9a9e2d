import { functionByKey, type JobFunction } from './catalog.js';
import { Rand, WeightedTable, uniqueValue } from './rng.js';
import { hashtagsOf, slugify } from './text.js';
import { DAY_MS, MINUTE_MS } from './time.js';
import type { Actor, CelebrationType, Comment, Company, Person, Post, PostAuthor, Reaction, ReactionType } from './types.js';
import { articleUrl, mediaUrl, postUrl } from './urls.js';

const REACTION_WEIGHTS = new WeightedTable<ReactionType>([
  ['LIKE', 60],
  ['PRAISE', 12],
  ['APPRECIATION', 8],
  ['EMPATHY', 5],
  ['INTEREST', 12],
  ['ENTERTAINMENT', 3],
]);

/** Posts reach back this far before the world's epoch. */
export const POST_HORIZON_MS = 180 * DAY_MS;

/**
 * Numeric ids shaped like the network's: the creation time in milliseconds in
 * the high bits, random low bits; 19 digits and sortable by time.
 */
export function timeId(rand: Rand, atMs: number, taken: Set<string>): string {
  return uniqueValue(taken, () => shiftedDecimal(atMs, rand.int(0, 0x3fffff)));
}

/** Decimal text of atMs * 2^22 + low, exact without BigInt (split at 10^6 to stay below 2^53). */
function shiftedDecimal(atMs: number, low: number): string {
  const a = (atMs % 1e6) * 0x400000 + low;
  const b = Math.floor(atMs / 1e6) * 0x400000 + Math.floor(a / 1e6);
  return `${b}${String(a % 1e6).padStart(6, '0')}`;
}

/** Shared inputs of post, comment and reaction generation. */
export interface PostContext {
  rand: Rand;
  people: readonly Person[];
  ids: Set<string>;
  epochMs: number;
  /** Time ids encode the generation frame: instant - idShiftMs (epochMs - anchorMs; 0 when generating the world). */
  idShiftMs?: number;
  /** One frozen actor object per person, so large reaction lists share them. */
  actorOf: (p: Person) => Actor;
}

export function makeActorOf(people: readonly Person[]): (p: Person) => Actor {
  const cache = new Map<string, Actor>();
  for (const p of people) cache.set(p.id, Object.freeze({ type: 'person', personId: p.id }));
  return (p) => cache.get(p.id) as Actor;
}

export function generatePosts(rand: Rand, count: number, people: readonly Person[], companies: readonly Company[], epochMs: number): Post[] {
  const ctx: PostContext = { rand, people, ids: new Set(), epochMs, actorOf: makeActorOf(people) };
  const companyById = new Map(companies.map((c) => [c.companyId, c]));
  // A few people post a lot, most rarely: activity weights with a long tail.
  const authors = new WeightedTable(people.map((p) => [p, rand.logNormal(10, 1, 1, 400)] as const));
  const posts: Post[] = [];
  for (let i = 0; i < count; i++) {
    const createdAtMs = epochMs - Math.floor(Math.pow(rand.next(), 2) * POST_HORIZON_MS) - rand.int(1, 59) * MINUTE_MS;
    if (rand.chance(0.12)) {
      const company = rand.pick(companies);
      posts.push(makePost(ctx, { type: 'company', companyId: company.companyId }, createdAtMs, companyContent(rand, company), {}));
      continue;
    }
    const person = authors.draw(rand);
    const roll = rand.next();
    if (roll < 0.06) {
      const celebrationType = rand.pick<CelebrationType>(['job_change', 'promotion', 'work_anniversary']);
      const company = companyById.get(person.currentPosition.companyId);
      posts.push(makePost(ctx, { type: 'person', personId: person.id }, createdAtMs, celebrationContent(rand, person, celebrationType, company), { celebrationType }));
    } else if (roll < 0.11) {
      posts.push(makePost(ctx, { type: 'person', personId: person.id }, createdAtMs, articleContent(rand, person), { article: true }));
    } else if (roll < 0.18 && posts.length > 0) {
      // Reposts point at an older post; the world is generated newest-last here, so pick among earlier draws that are older.
      const older = posts.filter((p) => p.createdAtMs < createdAtMs && p.repostOf === null);
      if (older.length > 0) {
        const original = rand.pick(older);
        const text = rand.chance(0.5) ? '' : `${rand.pick(['Worth a read.', 'Great perspective here.', 'Sharing with my network.', 'This!'])}`;
        posts.push(makePost(ctx, { type: 'person', personId: person.id }, createdAtMs, text, { repostOf: original.activityUrn }));
        continue;
      }
      posts.push(makePost(ctx, { type: 'person', personId: person.id }, createdAtMs, personContent(rand, person), {}));
    } else {
      posts.push(makePost(ctx, { type: 'person', personId: person.id }, createdAtMs, personContent(rand, person), {}));
    }
  }
  const repostCounts = new Map<string, number>();
  for (const p of posts) if (p.repostOf) repostCounts.set(p.repostOf, (repostCounts.get(p.repostOf) ?? 0) + 1);
  for (const p of posts) p.shares += repostCounts.get(p.activityUrn) ?? 0;
  return posts.sort((a, b) => b.createdAtMs - a.createdAtMs || a.activityId.localeCompare(b.activityId));
}

interface PostExtras {
  celebrationType?: CelebrationType;
  article?: boolean;
  repostOf?: string;
  /** Engagement scale (an account's own posts get less than influencers'). */
  reach?: number;
}

export function makePost(ctx: PostContext, author: PostAuthor, createdAtMs: number, content: string, extras: PostExtras): Post {
  const { rand } = ctx;
  const activityId = timeId(rand, createdAtMs - (ctx.idShiftMs ?? 0), ctx.ids);
  const activityUrn = `urn:li:activity:${activityId}`;
  const contentId = timeId(rand, createdAtMs - (ctx.idShiftMs ?? 0), ctx.ids);
  const isShare = rand.chance(0.5);
  const isArticle = extras.article === true;
  const authorPersonId = author.type === 'person' ? author.personId : null;
  const reach = extras.reach ?? 1;
  const post: Post = {
    activityId,
    activityUrn,
    shareUrn: isShare ? `urn:li:share:${contentId}` : null,
    ugcPostUrn: isShare ? null : `urn:li:ugcPost:${contentId}`,
    postUrl: postUrl(activityUrn),
    author,
    content,
    hashtags: hashtagsOf(content),
    createdAtMs,
    visibility: author.type === 'person' && rand.chance(0.08) ? 'CONNECTIONS' : 'PUBLIC',
    isPeopleUpdate: extras.celebrationType !== undefined,
    celebrationType: extras.celebrationType ?? null,
    isArticle,
    articleUrl: isArticle ? articleUrl(`${slugify(content.split('\n')[0] ?? 'article').slice(0, 60)}-${activityId.slice(-8)}`) : null,
    canComment: rand.chance(0.95),
    mediaUrls: rand.chance(0.3) ? Array.from({ length: rand.int(1, 4) }, (_, i) => mediaUrl('feed-image', `${activityId}-${i}`)) : [],
    repostOf: extras.repostOf ?? null,
    comments: [],
    reactions: [],
    shares: rand.logNormal(1 * reach, 1.2, 0, 500),
  };
  const celebration = extras.celebrationType !== undefined ? 3 : 1;
  post.reactions = generateReactions(ctx, createdAtMs, rand.logNormal(10 * celebration * reach, 1.1, 0, 1500), authorPersonId);
  if (post.canComment) post.comments = generateComments(ctx, post, rand.logNormal(2 * celebration * reach, 1.1, 0, 40), authorPersonId);
  return post;
}

export function generateReactions(ctx: PostContext, afterMs: number, count: number, excludeId: string | null): Reaction[] {
  const { rand, people, epochMs } = ctx;
  const reactors = rand.sample(people, Math.min(count + 1, people.length)).filter((p) => p.id !== excludeId).slice(0, count);
  return reactors
    .map((p) => ({
      actor: ctx.actorOf(p),
      reactionType: REACTION_WEIGHTS.draw(rand),
      reactedAtMs: afterMs + Math.floor(Math.pow(rand.next(), 3) * Math.max(0, epochMs - afterMs)),
    }))
    .sort((a, b) => a.reactedAtMs - b.reactedAtMs);
}

export function generateComments(ctx: PostContext, post: Post, count: number, authorPersonId: string | null): Comment[] {
  const { rand, people, epochMs } = ctx;
  const comments: Comment[] = [];
  for (let i = 0; i < count; i++) {
    const author = rand.pick(people);
    if (author.id === authorPersonId) continue;
    const createdAtMs = post.createdAtMs + Math.floor(Math.pow(rand.next(), 3) * Math.max(MINUTE_MS, epochMs - post.createdAtMs));
    const comment = makeComment(ctx, post, ctx.actorOf(author), createdAtMs, commentText(rand, post));
    if (rand.chance(0.25)) {
      const repliers = rand.sample(people, rand.int(1, 3));
      for (const r of repliers) {
        const at = createdAtMs + Math.floor(rand.next() * Math.max(MINUTE_MS, epochMs - createdAtMs));
        comment.replies.push(makeComment(ctx, post, ctx.actorOf(r), at, replyText(rand, author)));
      }
      comment.replies.sort((a, b) => a.createdAtMs - b.createdAtMs);
    }
    comments.push(comment);
  }
  return comments.sort((a, b) => a.createdAtMs - b.createdAtMs);
}

export function makeComment(ctx: Pick<PostContext, 'rand' | 'ids' | 'idShiftMs'>, post: Pick<Post, 'activityId'>, author: Actor, createdAtMs: number, content: string): Comment {
  const commentId = timeId(ctx.rand, createdAtMs - (ctx.idShiftMs ?? 0), ctx.ids);
  return {
    commentId,
    commentUrn: `urn:li:comment:(activity:${post.activityId},${commentId})`,
    author,
    content,
    createdAtMs,
    likes: ctx.rand.logNormal(1, 1.2, 0, 300),
    replies: [],
  };
}

// ---------------------------------------------------------------- text

function tags(rand: Rand, fn: JobFunction, n: number): string {
  return rand.sample(fn.hashtags, n).join(' ');
}

/** What post text needs to know about its writer. */
export type Writer = Pick<Person, 'jobFunction' | 'skills' | 'currentPosition' | 'location'>;

export function personContent(rand: Rand, person: Writer): string {
  const fn = functionByKey(person.jobFunction);
  const skill = rand.pick(person.skills);
  const buzz = rand.faker.company.buzzPhrase();
  switch (rand.int(0, 5)) {
    case 0:
      return `Three things I learned about ${skill} this quarter:\n1. Start small and ${buzz}.\n2. Measure what matters.\n3. Share what you learn with your team.\n\nWhat would you add? ${tags(rand, fn, 2)}`;
    case 1:
      return `Excited to share that our team at ${person.currentPosition.companyName} just shipped a new way to ${buzz}. Proud of everyone who made it happen! ${tags(rand, fn, 3)}`;
    case 2:
      return `We're hiring! Looking for a ${rand.pick(fn.titles)} to join ${person.currentPosition.companyName} in ${person.location.name.split(', ')[0]}. DM me if you're interested or know someone great. #hiring ${tags(rand, fn, 1)}`;
    case 3:
      return `Hot take: most teams don't need more tools, they need to ${buzz}. ${skill} is only as good as the process around it. Agree or disagree? ${tags(rand, fn, 2)}`;
    case 4:
      return `Just wrapped up a great conference session on ${skill}. Key takeaway: ${rand.faker.company.catchPhrase().toLowerCase()} is the future. Thanks to everyone who stopped by! ${tags(rand, fn, 2)}`;
    default:
      return `After ${rand.int(2, 15)} years in ${fn.department.toLowerCase()}, the best advice I can give: be curious, be kind, and ${buzz}. ${tags(rand, fn, 2)}`;
  }
}

function articleContent(rand: Rand, person: Person): string {
  const fn = functionByKey(person.jobFunction);
  const skill = rand.pick(person.skills);
  return `How to ${rand.faker.company.buzzPhrase()} with ${skill}\n\nIn this article I look at what works, what doesn't, and how ${fn.department.toLowerCase()} teams can ${rand.faker.company.buzzPhrase()}. ${tags(rand, fn, 2)}`;
}

function celebrationContent(rand: Rand, person: Person, type: CelebrationType, company: Company | undefined): string {
  const companyName = company?.name ?? person.currentPosition.companyName;
  switch (type) {
    case 'job_change':
      return `I'm happy to share that I'm starting a new position as ${person.currentPosition.title} at ${companyName}! #newjob`;
    case 'promotion':
      return `Thrilled to share that I've been promoted to ${person.currentPosition.title} at ${companyName}. Grateful to my team and mentors! #promotion #career`;
    case 'work_anniversary':
      return `Celebrating ${rand.int(1, 10)} years at ${companyName} today. Thank you to the amazing people I get to work with! #workanniversary`;
  }
}

export function companyContent(rand: Rand, company: Company): string {
  switch (rand.int(0, 3)) {
    case 0:
      return `We're growing! ${company.name} is hiring across teams. Explore open roles on our careers page. #hiring #careers`;
    case 1:
      return `Introducing our latest release: a smarter way to ${rand.faker.company.buzzPhrase()}. Learn more on our website. #${slugify(company.industry).replace(/-/g, '')} #innovation`;
    case 2:
      return `${company.headline}. Thank you to our ${company.followerCount.toLocaleString('en-US')} followers for being part of the journey! #community`;
    default:
      return `Meet the team: this month we celebrate the people who ${rand.faker.company.buzzPhrase()} every day at ${company.name}. #lifeat${slugify(company.name).replace(/-/g, '')}`;
  }
}

function commentText(rand: Rand, post: Post): string {
  if (post.celebrationType) return rand.pick(['Congratulations!', 'Congrats, well deserved!', 'Wishing you all the best in the new role!', 'Amazing news, congrats!']);
  const fixed = [
    'Great insights, thanks for sharing!',
    'Totally agree with this.',
    'This is spot on.',
    'Thanks for putting this together.',
    'Could not agree more!',
    'Saving this for later.',
  ];
  const i = rand.int(0, fixed.length + 1);
  if (i === fixed.length) return `Interesting perspective. We've seen the same when we tried to ${rand.faker.company.buzzPhrase()}.`;
  if (i === fixed.length + 1) return `Curious how this applies to ${rand.faker.company.buzzNoun()}?`;
  return fixed[i] as string;
}

function replyText(rand: Rand, parent: Person): string {
  return rand.pick([`Thanks ${parent.firstName}!`, `Good point, ${parent.firstName}.`, 'Agreed!', `Happy to chat more about this, ${parent.firstName}.`]);
}

