import type { ToolAnnotations } from '../endpoint.js';

/** Field descriptions of ids that take every form the network uses (short: they repeat across tools). */
export const PROFILE_REF = 'Slug, URN or URL';
export const POST_REF = 'URN or URL';
export const CONVERSATION_REF = 'Id, URN or URL';

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
