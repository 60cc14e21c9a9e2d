import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { endpointById } from '../../src/contract/index.js';
import { AuditLog } from '../../src/service/audit/log.js';
import { DEMO_ACCOUNTS } from '../../src/service/index.js';
import { createLogger } from '../../src/util/logger.js';
import { startLive, type LiveService } from './http-harness.js';

/**
 * A proxy that forwards every request to the service but, for the first one
 * to a chosen path, drops the connection after the service has answered: the
 * write is committed, its answer is lost. The client must retry with the same
 * Idempotency-Key and the service must not act twice.
 */
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'content-encoding', 'keep-alive']);

async function lossyProxy(target: string, dropPath: string): Promise<{ url: string; drops: () => number; close(): Promise<void> }> {
  let dropped = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !HOP_HEADERS.has(k)) headers.set(k, v);
      void fetch(`${target}${req.url}`, { ...(req.method ? { method: req.method } : {}), headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) }).then(async (up) => {
        const body = Buffer.from(await up.arrayBuffer());
        if (req.url?.startsWith(dropPath) && dropped === 0) {
          dropped++;
          req.socket.destroy();
          return;
        }
        res.writeHead(up.status, Object.fromEntries([...up.headers.entries()].filter(([k]) => !HOP_HEADERS.has(k))));
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    drops: () => dropped,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let live: LiveService | undefined;
let closeProxy: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeProxy?.();
  await live?.close();
  live = undefined;
  closeProxy = undefined;
});

const ACCOUNT = DEMO_ACCOUNTS.businessPremium;

describe('exactly-once writes through the governed client', () => {
  it('a comment whose answer was lost after the service committed it lands once', async () => {
    live = await startLive();
    const proxy = await lossyProxy(live.baseUrl, '/posts/comment');
    closeProxy = proxy.close;
    const client = createClient({ baseUrl: proxy.url, apiKey: live.apiKey, logger: createLogger('test', 'silent'), retryBackoffMs: 5 });
    try {
      const post = live.service.deps.world().posts.find((p) => p.visibility === 'PUBLIC' && p.canComment)!;
      const result = await client.call(endpointById('E4')!, { accountId: ACCOUNT, postUrn: post.activityUrn, commentText: 'Exactly once, please.' });
      expect(result).toMatchObject({ success: true });
      expect(proxy.drops()).toBe(1);

      const audit = new AuditLog(live.service.db, () => 0).list({ accountId: ACCOUNT });
      expect(audit.filter((e) => e.endpointId === 'E4')).toHaveLength(1);
      const comments = (await client.call(endpointById('E5')!, { accountId: ACCOUNT, postUrn: post.activityUrn, limit: 100 })) as {
        comments: Array<{ content: string }>;
      };
      expect(comments.comments.filter((c) => c.content === 'Exactly once, please.')).toHaveLength(1);
      expect(live.service.governor.quotaReport(ACCOUNT).quotas.find((q) => q.feature === 'COMMENT')!.used).toBe(1);
    } finally {
      await client.close();
    }
  });
});
