import { PER_MINUTE_LIMITS, type LimitGroup, type ToolAnnotations } from '../endpoint.js';

/** Annotation sets shared by the endpoint tables. */

/** Reads the service's own records; no network call. */
export const READ_LOCAL: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Reads from the professional network. */
export const READ_NETWORK: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
/** Sends something new to other people (message, invitation, comment, repost): a repeat sends again. */
export const SEND: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
/** Sets a state; repeating it changes nothing more (react, like, mark seen). */
export const SET_STATE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true };
/** Sets a state that can remove something (follow/unfollow). */
export const SET_STATE_DESTRUCTIVE: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true };

/**
 * Description with its cost appended, so the text an agent reads always
 * matches the entry's group and quota: "… Cost: write 15/min, quota CONNECT." (no quota: none named)
 */
export function described(text: string, group: LimitGroup, quota?: string): string {
  const limit = PER_MINUTE_LIMITS[group];
  const rate = limit === null ? `${group}, unlimited` : `${group} ${limit}/min`;
  return `${text} Cost: ${rate}${quota ? `, quota ${quota}` : ''}.`;
}
