import { describe, expect, it } from 'vitest';
import { COMMENT_MAX } from '../../../../src/contract/endpoints/posts.js';
import { findCompany, testWorldPost } from './world-picks.js';
import { ACCOUNTS, domainError, postsHarness, publicPersonPosts, withTracking } from './helpers.js';
import { testWorld } from '../harness.js';

type Scrape = { postUrn: string; reactions: Record<string, number> & { total: number }; comments: number; shares: number; timestamp: string; text: string; author: { name: string } };
type Reactions = { reactions: Array<{ profileId: string; name: string; reactionType: string }>; total: number; hasMore: boolean };
type Comments = { comments: Array<{ commentId: string; authorName: string; content: string; likes: number; timestamp: string }>; hasMore: boolean };
type Posted = { success: boolean; commentId: string; commentUrn: string; timestamp: string };

const me = ACCOUNTS.free;

describe('E3 react', () => {
  it('raises the post counts in E9, E11 and the feed, and re-reacting only changes the type', () => {
    const h = postsHarness();
    const post = publicPersonPosts()[3]!;
    const before = h.run<Scrape>('E11', me, { postUrl: post.postUrl });
    const reactionsBefore = h.run<Reactions>('E9', me, { postUrn: post.activityUrn });

    expect(h.run('E3', me, { postUrn: withTracking(post.postUrl), reactionType: 'PRAISE' })).toEqual({ success: true });

    const after = h.run<Scrape>('E11', me, { postUrl: post.activityUrn });
    expect(after.reactions.total).toBe(before.reactions.total + 1);
    expect(after.reactions.PRAISE).toBe(before.reactions.PRAISE! + 1);
    const listed = h.run<Reactions>('E9', me, { postUrn: post.postUrl });
    expect(listed.total).toBe(reactionsBefore.total + 1);
    // Newest first: the account's reaction leads.
    expect(listed.reactions[0]).toMatchObject({ profileId: me.publicId, name: 'Fred Free', reactionType: 'PRAISE' });

    h.clock.advance(60_000);
    h.run('E3', me, { postUrn: post.activityUrn, reactionType: 'INTEREST' });
    const again = h.run<Scrape>('E11', me, { postUrl: post.postUrl });
    expect(again.reactions.total).toBe(before.reactions.total + 1);
    expect(again.reactions.PRAISE).toBe(before.reactions.PRAISE);
    expect(again.reactions.INTEREST).toBe(before.reactions.INTEREST! + 1);
    const mine = h.run<Reactions>('E9', me, { postUrn: post.activityUrn, reactionType: 'INTEREST' });
    expect(mine.reactions.filter((r) => r.profileId === me.publicId)).toHaveLength(1);
    expect(h.run<Reactions>('E9', me, { postUrn: post.activityUrn }).total).toBe(reactionsBefore.total + 1);
  });

  it('replaces a reaction the account already had in its history instead of adding one', () => {
    const h = postsHarness();
    const old = h.deps.view(me).reactions[0]!;
    const before = h.run<Scrape>('E11', me, { postUrl: old.postUrl });
    const other = old.reactionType === 'LIKE' ? 'ENTERTAINMENT' : 'LIKE';
    h.run('E3', me, { postUrn: old.postActivityUrn, reactionType: other });
    const after = h.run<Scrape>('E11', me, { postUrl: old.postUrl });
    expect(after.reactions.total).toBe(before.reactions.total);
    expect(after.reactions[other]).toBe(before.reactions[other]! + 1);
    expect(after.reactions[old.reactionType]).toBe(before.reactions[old.reactionType]! - 1);
  });

  it('shows one account’s reaction to another account (one shared network)', () => {
    const h = postsHarness();
    const post = publicPersonPosts()[5]!;
    const before = h.run<Scrape>('E11', ACCOUNTS.business, { postUrl: post.postUrl });
    h.run('E3', me, { postUrn: post.activityUrn, reactionType: 'LIKE' });
    const after = h.run<Scrape>('E11', ACCOUNTS.business, { postUrl: post.postUrl });
    expect(after.reactions.total).toBe(before.reactions.total + 1);
  });

  it('answers 404 for an unknown post and changes nothing', () => {
    const h = postsHarness();
    const e = domainError(() => h.run('E3', me, { postUrn: 'urn:li:activity:123', reactionType: 'LIKE' }));
    expect(e.status).toBe(404);
    expect(e.message).toBe('Post not found: urn:li:activity:123');
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM posts_reactions').get()).toEqual({ n: 0 });
  });

  it('hides connections-only posts of people outside the 1st degree (404)', () => {
    const h = postsHarness();
    const hidden = testWorld().posts.find((p) => p.visibility === 'CONNECTIONS' && p.author.type === 'person' && h.deps.network.degreeOf(me, p.author.personId) !== 1)!;
    expect(domainError(() => h.run('E11', me, { postUrl: hidden.postUrl })).status).toBe(404);
    expect(domainError(() => h.run('E3', me, { postUrn: hidden.activityUrn, reactionType: 'LIKE' })).status).toBe(404);
  });

  it('the feed shows the raised count', () => {
    const h = postsHarness();
    const item = h.run<{ posts: Array<{ activityUrn: string; likes: number; isPromoted: boolean }> }>('E1', me, { sortBy: 'recent' }).posts.find((p) => !p.isPromoted)!;
    h.run('E3', me, { postUrn: item.activityUrn, reactionType: 'EMPATHY' });
    const again = h.run<{ posts: Array<{ activityUrn: string; likes: number }> }>('E1', me, { sortBy: 'recent' }).posts.find((p) => p.activityUrn === item.activityUrn)!;
    expect(again.likes).toBe(item.likes + 1);
  });
});

describe('E4 comment, B5 reply, E5/E6 listings', () => {
  it('a comment appears last in E5 and E6 and raises the count; its id and urn are consistent', () => {
    const h = postsHarness();
    const post = publicPersonPosts()[2]!;
    const before = h.run<Scrape>('E11', me, { postUrl: post.postUrl });
    const posted = h.run<Posted>('E4', me, { postUrn: withTracking(post.postUrl), commentText: 'Nice work on this rollout!' });
    expect(posted.success).toBe(true);
    expect(posted.commentUrn).toBe(`urn:li:comment:(activity:${post.activityId},${posted.commentId})`);
    expect(posted.timestamp).toBe(new Date(h.clock.now()).toISOString());

    const all = h.run<Comments>('E6', me, { postUrn: post.activityUrn });
    expect(all.comments).toHaveLength(before.comments + 1);
    expect(all.comments.at(-1)).toEqual({
      commentId: posted.commentId,
      authorName: 'Fred Free',
      authorProfileUrl: h.deps.view(me).profile.profileUrl,
      content: 'Nice work on this rollout!',
      timestamp: posted.timestamp,
      likes: 0,
    });
    const lastPage = h.run<Comments>('E5', me, { postUrn: post.activityUrn, offset: before.comments, limit: 5 });
    expect(lastPage.comments.map((c) => c.commentId)).toEqual([posted.commentId]);
    expect(lastPage.hasMore).toBe(false);
    expect(h.run<Scrape>('E11', me, { postUrl: post.postUrl }).comments).toBe(before.comments + 1);
  });

  it('E5 pages with limit/offset without overlap; E6 cuts at maxComments with hasMore', () => {
    const h = postsHarness();
    const post = publicPersonPosts().find((p) => p.comments.length >= 5)!;
    const all = h.run<Comments>('E6', me, { postUrn: post.activityUrn });
    const first = h.run<Comments>('E5', me, { postUrn: post.activityUrn, limit: 2, offset: 0 });
    const second = h.run<Comments>('E5', me, { postUrn: post.activityUrn, limit: 2, offset: 2 });
    expect([...first.comments, ...second.comments]).toEqual(all.comments.slice(0, 4));
    expect(first.hasMore).toBe(true);
    const cut = h.run<Comments>('E6', me, { postUrn: post.activityUrn, maxComments: 3 });
    expect(cut.comments).toEqual(all.comments.slice(0, 3));
    expect(cut.hasMore).toBe(true);
  });

  it('a reply (E4 replyToCommentId or B5) sits right under its comment; replying to a reply joins the thread', () => {
    const h = postsHarness();
    const post = publicPersonPosts().find((p) => p.comments.length >= 2 && p.comments.every((c) => c.replies.length === 0))!;
    const target = post.comments[0]!;
    const r1 = h.run<Posted>('E4', me, { postUrn: post.activityUrn, commentText: 'Agreed!', replyToCommentId: target.commentId });
    h.clock.advance(1000);
    const r2 = h.run<Posted>('B5', me, { postUrn: post.postUrl, commentId: r1.commentUrn, commentText: 'And one more thing.' });
    const ids = h.run<Comments>('E6', me, { postUrn: post.activityUrn }).comments.map((c) => c.commentId);
    expect(ids.slice(0, 3)).toEqual([target.commentId, r1.commentId, r2.commentId]);
  });

  it('refuses a reply to a comment that is not on the post (404) and a post with comments disabled (403)', () => {
    const h = postsHarness();
    const post = publicPersonPosts()[0]!;
    const e = domainError(() => h.run('B5', me, { postUrn: post.activityUrn, commentId: '999', commentText: 'hi' }));
    expect(e.status).toBe(404);
    expect(e.message).toBe('Comment not found on this post: 999');
    const closed = testWorld().posts.find((p) => !p.canComment && p.visibility === 'PUBLIC')!;
    const c = domainError(() => h.run('E4', me, { postUrn: closed.postUrl, commentText: 'hello' }));
    expect(c.status).toBe(403);
    expect(c.message).toBe(`Commenting is disabled on this post: ${closed.activityUrn}`);
    expect(h.db.prepare('SELECT COUNT(*) AS n FROM posts_comments').get()).toEqual({ n: 0 });
  });

  it('mentionAuthor puts the author’s name in front of the text', () => {
    const h = postsHarness();
    const post = publicPersonPosts()[1]!;
    const author = testWorld().people.find((p) => post.author.type === 'person' && p.id === post.author.personId)!;
    const posted = h.run<Posted>('E4', me, { postUrn: post.activityUrn, commentText: 'great point', mentionAuthor: true });
    const shown = h.run<Comments>('E6', me, { postUrn: post.activityUrn }).comments.find((c) => c.commentId === posted.commentId)!;
    expect(shown.content).toBe(`${author.firstName} ${author.lastName} great point`);
  });

  it('comments as the employer page the account administers; any other page is 403, an unknown one 404', () => {
    const h = postsHarness();
    const post = publicPersonPosts()[4]!;
    const employer = findCompany(h.deps.view(me).profile.currentPosition.companyId);
    const posted = h.run<Posted>('E4', me, { postUrn: post.activityUrn, commentText: 'From the team', companyUrn: employer.entityUrn });
    const shown = h.run<Comments>('E6', me, { postUrn: post.activityUrn }).comments.find((c) => c.commentId === posted.commentId)!;
    expect(shown).toMatchObject({ authorName: employer.name, authorProfileUrl: employer.companyUrl });
    // A page's comment is not the member's own activity.
    expect(h.run<{ comments: Array<{ commentUrn: string | null }> }>('A5', me, { accountId: me.id }).comments.some((c) => c.commentUrn === posted.commentUrn)).toBe(false);

    const other = testWorld().companies.find((c) => c.companyId !== employer.companyId)!;
    const e = domainError(() => h.run('E4', me, { postUrn: post.activityUrn, commentText: 'x', companyUrn: other.entityUrn }));
    expect(e.status).toBe(403);
    expect(e.message).toContain(other.entityUrn);
    expect(domainError(() => h.run('E4', me, { postUrn: post.activityUrn, commentText: 'x', companyUrn: 'urn:li:organization:1' })).status).toBe(404);
  });

  it('enforces the comment length from the contract', () => {
    const h = postsHarness();
    const post = publicPersonPosts()[0]!;
    expect(() => h.run('E4', me, { postUrn: post.activityUrn, commentText: 'x'.repeat(COMMENT_MAX + 1) })).toThrow(/commentText/);
    expect(() => h.run('E4', me, { postUrn: post.activityUrn, commentText: '   ' })).toThrow(/Must not be blank/);
  });
});

describe('E7 like a comment', () => {
  it('raises the comment’s likes once per liker (member and page count separately)', () => {
    const h = postsHarness();
    const post = publicPersonPosts().find((p) => p.comments.length > 0)!;
    const target = post.comments[0]!;
    const likesOf = () => h.run<Comments>('E6', me, { postUrn: post.activityUrn }).comments.find((c) => c.commentId === target.commentId)!.likes;
    expect(likesOf()).toBe(target.likes);
    h.run('E7', me, { commentId: target.commentId, postUrl: withTracking(post.postUrl) });
    expect(likesOf()).toBe(target.likes + 1);
    h.run('E7', me, { commentId: target.commentUrn, postUrl: post.postUrl });
    expect(likesOf()).toBe(target.likes + 1);
    const employer = h.deps.view(me).profile.currentPosition.companyId;
    h.run('E7', me, { commentId: target.commentId, postUrl: post.postUrl, companyUrn: `urn:li:organization:${employer}` });
    expect(likesOf()).toBe(target.likes + 2);
  });

  it('likes the account’s own new comment, and 404s a comment that is not on the post', () => {
    const h = postsHarness();
    const post = publicPersonPosts()[6]!;
    const posted = h.run<Posted>('E4', me, { postUrn: post.activityUrn, commentText: 'first!' });
    h.run('E7', ACCOUNTS.business, { commentId: posted.commentId, postUrl: post.postUrl });
    expect(h.run<Comments>('E6', me, { postUrn: post.activityUrn }).comments.find((c) => c.commentId === posted.commentId)!.likes).toBe(1);
    const e = domainError(() => h.run('E7', me, { commentId: '42', postUrl: post.postUrl }));
    expect(e.status).toBe(404);
    expect(e.message).toBe('Comment not found on this post: 42');
  });
});

describe('E8 repost', () => {
  it('takes a URL, share or ugcPost URN, raises shares once and refuses a second repost (409)', () => {
    const h = postsHarness();
    const share = publicPersonPosts().find((p) => p.shareUrn !== null)!;
    const ugc = publicPersonPosts().find((p) => p.ugcPostUrn !== null)!;
    const before = h.run<Scrape>('E11', me, { postUrl: share.postUrl }).shares;
    const out = h.run<{ success: boolean; repostUrn: string }>('E8', me, { postUrn: share.shareUrn! });
    expect(out.success).toBe(true);
    expect(out.repostUrn).toMatch(/^urn:li:share:\d{19}$/);
    expect(h.run<Scrape>('E11', me, { postUrl: share.postUrl }).shares).toBe(before + 1);
    const e = domainError(() => h.run('E8', me, { postUrn: withTracking(share.postUrl) }));
    expect(e.status).toBe(409);
    expect(e.message).toBe(`You already reposted this post: ${share.activityUrn}`);
    expect(h.run<Scrape>('E11', me, { postUrl: share.postUrl }).shares).toBe(before + 1);

    const ugcBefore = h.run<Scrape>('E11', me, { postUrl: ugc.postUrl }).shares;
    h.run('E8', me, { postUrn: ugc.ugcPostUrn! });
    expect(h.run<Scrape>('E11', me, { postUrl: ugc.postUrl }).shares).toBe(ugcBefore + 1);
  });

  it('refuses connections-only posts (403)', () => {
    const h = postsHarness();
    const friendOnly = testWorld().posts.find((p) => p.visibility === 'CONNECTIONS' && p.author.type === 'person' && h.deps.network.degreeOf(me, p.author.personId) === 1)!;
    const e = domainError(() => h.run('E8', me, { postUrn: friendOnly.activityUrn }));
    expect(e.status).toBe(403);
  });
});

describe('E9 reactions and E11 scrape', () => {
  it('E9 pages newest first without overlap and filters by type; totals match E11', () => {
    const h = postsHarness();
    const post = testWorldPost((p) => p.visibility === 'PUBLIC' && p.reactions.length >= 12);
    const scrape = h.run<Scrape>('E11', me, { postUrl: post.postUrl });
    const all = h.run<Reactions>('E9', me, { postUrn: post.activityUrn, count: 100 });
    expect(all.total).toBe(scrape.reactions.total);
    const a = h.run<Reactions>('E9', me, { postUrn: post.activityUrn, count: 5 });
    const b = h.run<Reactions>('E9', me, { postUrn: post.activityUrn, count: 5, start: 5 });
    expect([...a.reactions, ...b.reactions]).toEqual(all.reactions.slice(0, 10));
    expect(a.hasMore).toBe(true);
    const likes = h.run<Reactions>('E9', me, { postUrn: post.activityUrn, reactionType: 'LIKE', count: 100 });
    expect(likes.total).toBe(scrape.reactions.LIKE);
    expect(likes.reactions.every((r) => r.reactionType === 'LIKE')).toBe(true);
  });

  it('E11 reports the post as the world has it', () => {
    const h = postsHarness();
    const post = testWorldPost((p) => p.visibility === 'PUBLIC' && p.mediaUrls.length > 0 && p.author.type === 'person');
    const author = testWorld().people.find((p) => post.author.type === 'person' && p.id === post.author.personId)!;
    const s = h.run<Scrape & { mediaUrls: string[] }>('E11', me, { postUrl: post.postUrl, public: true });
    expect(s.postUrn).toBe(post.activityUrn);
    expect(s.text).toBe(post.content);
    expect(s.mediaUrls).toEqual(post.mediaUrls);
    expect(s.author.name).toBe(`${author.firstName} ${author.lastName}`);
    expect(s.timestamp).toBe(new Date(post.createdAtMs).toISOString());
    expect(s.shares).toBe(post.shares);
  });

  it('E11 public scraping does not see connections-only posts', () => {
    const h = postsHarness();
    const friendOnly = testWorld().posts.find((p) => p.visibility === 'CONNECTIONS' && p.author.type === 'person' && h.deps.network.degreeOf(me, p.author.personId) === 1)!;
    expect(h.run<Scrape>('E11', me, { postUrl: friendOnly.postUrl }).postUrn).toBe(friendOnly.activityUrn);
    expect(domainError(() => h.run('E11', me, { postUrl: friendOnly.postUrl, public: true })).status).toBe(404);
  });
});
