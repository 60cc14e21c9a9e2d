import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createClient } from '../../src/client/index.js';
import { PER_MINUTE_LIMITS, type LimitGroup } from '../../src/contract/index.js';
import { OutreachMcp } from '../../src/mcp/server.js';
import { createLogger } from '../../src/util/logger.js';
import { startLive, type LiveService } from '../service/http-harness.js';

/**
 * An SDK Client talking to the MCP server in memory, in front of the real
 * governed client and the real embedded service (on a ManualClock). The
 * client's per-minute limits are raised so a test's sequence of calls never
 * waits on wall time; `step()` moves the service clock on between calls so
 * the service's own limits are not hit either.
 */
export interface EmbeddedMcp {
  live: LiveService;
  agent: Client;
  /** Moves the service clock on by 6 s (10 calls/min is the tightest group). */
  step(): void;
  close(): Promise<void>;
}

const roomy = Object.fromEntries(Object.keys(PER_MINUTE_LIMITS).map((g) => [g, 10_000])) as Record<LimitGroup, number>;

export async function openEmbedded(options: { confirm?: 'off' | 'sends'; accept?: boolean } = {}): Promise<EmbeddedMcp> {
  const live = await startLive();
  const logger = createLogger('test', 'silent');
  const client = createClient({ baseUrl: live.baseUrl, apiKey: live.apiKey, logger, clock: live.clock, limits: roomy });
  const mcp = new OutreachMcp({ client, confirm: options.confirm ?? 'off', now: () => live.clock.now() });
  const server = mcp.createServer();
  const [c, s] = InMemoryTransport.createLinkedPair();
  const agent = new Client({ name: 'test', version: '1.0.0' }, options.accept ? { capabilities: { elicitation: {} } } : {});
  if (options.accept) agent.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { confirm: true } }));
  await server.connect(s);
  await agent.connect(c);
  return {
    live,
    agent,
    step: () => live.clock.advance(6_000),
    async close() {
      await agent.close();
      await server.close();
      await client.close();
      await live.close();
    },
  };
}

/** The text blocks of a tool result, joined (a result's type is a union the SDK cannot narrow). */
export function textOf(result: unknown): string {
  const content = ((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[];
  return content.map((c) => c.text ?? '').join('\n');
}
