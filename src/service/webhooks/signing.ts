import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** whsec_ + base64 of 32 random bytes; the Standard Webhooks secret format. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** Spec header: sha256=<hex HMAC-SHA256 of the body>, keyed with the whole secret string. */
export function serviceSignature(secret: string, body: Buffer | string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Standard Webhooks signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">
 * keyed with the base64-decoded part after whsec_, so the official
 * standardwebhooks libraries verify it unchanged.
 */
export function standardSignature(secret: string, id: string, timestampSeconds: number, body: Buffer | string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one attempt, computed over the exact body bytes sent. */
export function signedHeaders(
  secret: string,
  deliveryId: string,
  nowMs: number,
  body: Buffer,
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'outreach-mcp-webhooks/1',
    'x-service-signature': serviceSignature(secret, body),
    'webhook-id': deliveryId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardSignature(secret, deliveryId, timestamp, body),
  };
}
