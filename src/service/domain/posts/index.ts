import type { z } from 'zod';
import { getAccountActivity, listOwnComments, listOwnReactions } from '../../../contract/endpoints/account.js';
import { replyToComment } from '../../../contract/endpoints/actions.js';
import {
  commentOnPost,
  getFeed,
  getLatestPosts,
  likeComment,
  listAllPostComments,
  listPostComments,
  listPostReactions,
  reactToPost,
  repost,
  scrapePost,
  searchPosts,
  searchPostsByAuthorRole,
  searchPostsV1,
} from '../../../contract/endpoints/posts.js';
import { isWrite, type AnyEndpoint } from '../../../contract/index.js';
import { handle, type DomainCall, type DomainDeps, type DomainHandler, type DomainModule } from '../context.js';
import { trackAccount } from './accounts.js';
import { activity, commentHistory, reactionHistory } from './history.js';
import { postsMigrations } from './migrations.js';
import { allComments, comments, feed, latest, reactions, scrape } from './reads.js';
import { searchByRoles, searchV1, searchV2 } from './search.js';
import { runDue } from './simulation.js';
import { comment, doRepost, like, react, reply } from './writes.js';

/**
 * Posts, engagement and the account's own activity history: E1-E13, B5, A4-A6.
 * Writes register the account in the simulation's registry (reads do not: every
 * account is announced through onAccount on the first activity run), so runDue
 * can simulate comments on its posts.
 */
function tracked<E extends AnyEndpoint>(
  entry: E,
  fn: (deps: DomainDeps, call: DomainCall<z.output<E['input']>>) => z.input<E['output']>,
): [string, DomainHandler] {
  if (!isWrite(entry)) return handle(entry, fn);
  return handle(entry, (deps, call) => {
    trackAccount(deps.db, call.account, deps.clock.now());
    return fn(deps, call);
  });
}

export const postsModule: DomainModule = {
  name: 'posts',
  migrations: postsMigrations,
  handlers: new Map([
    tracked(getFeed, feed),
    tracked(getLatestPosts, latest),
    tracked(reactToPost, react),
    tracked(commentOnPost, comment),
    tracked(listPostComments, comments),
    tracked(listAllPostComments, allComments),
    tracked(likeComment, like),
    tracked(repost, doRepost),
    tracked(listPostReactions, reactions),
    tracked(searchPostsByAuthorRole, searchByRoles),
    tracked(scrapePost, scrape),
    tracked(searchPosts, searchV2),
    tracked(searchPostsV1, searchV1),
    tracked(replyToComment, reply),
    tracked(getAccountActivity, activity),
    tracked(listOwnComments, commentHistory),
    tracked(listOwnReactions, reactionHistory),
  ]),
  runDue,
  onAccount: (deps, account) => trackAccount(deps.db, account, deps.clock.now()),
};

export { trackAccount, trackedAccounts, SIM_SLOT_MS } from './accounts.js';
export { ACTIVITY_DAYS, ACTIVITY_FETCH_LIMIT, ACTIVITY_PAGE, ownComments, ownReactions } from './history.js';
export { PROMOTED_EVERY } from './reads.js';
export { countsOf, commentsOn, reactionsOn, type CommentEntry, type EngagementCounts, type ReactionEntry } from './engagement.js';
export { resolvePost } from './resolve.js';
export { scheduleReciprocal, BASE_COMMENTS_PER_HOUR, BOOST_PER_ACTIVITY, BOOST_WINDOW_MS, MAX_CATCH_UP_MS } from './simulation.js';
