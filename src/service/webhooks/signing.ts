import { randomBytes } from 'node:crypto';
import { SECRET_PREFIX } from '../../contract/webhooks.js';

/** Signatures and header names are part of the webhook contract; only secret generation is the sender's. */
export { SECRET_PREFIX, serviceSignature, standardSignature, signedHeaders } from '../../contract/webhooks.js';

/** whsec_ + base64 of 32 random bytes; the Standard Webhooks secret format. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}
