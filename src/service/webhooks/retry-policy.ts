/** The delivery policy is part of the webhook contract (docs/webhooks.md). */
export { RETRY_DELAYS_MS, MAX_SENDS, DEFAULT_ATTEMPT_TIMEOUT_MS, retryDelayAfter } from '../../contract/webhooks.js';
