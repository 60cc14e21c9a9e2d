import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from '../util/redis.js';
import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';
import type { Logger } from '../util/logger.js';
import type { OnceStore } from './confirm.js';

/**
 * What replicas share through Redis so a 2026-07-28 client can be served by
 * any of them: change events for listen streams (a quota spent through one
 * replica reaches a listener whose stream another replica holds), and the
 * used-confirmation set (a confirmation is spent once fleet-wide).
 */

const KINDS = new Set(['tools_list_changed', 'prompts_list_changed', 'resources_list_changed', 'resource_updated']);

function isServerEvent(value: unknown): value is ServerEvent {
  if (!value || typeof value !== 'object') return false;
  const e = value as { kind?: unknown; uri?: unknown };
  return typeof e.kind === 'string' && KINDS.has(e.kind) && (e.kind !== 'resource_updated' || typeof e.uri === 'string');
}

/** A ServerEventBus over Redis pub/sub: every replica's listeners hear every replica's events. */
export class RedisServerEventBus implements ServerEventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly listeners = new Set<(event: ServerEvent) => void>();
  private readonly ready: Promise<unknown>;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly logger?: Logger,
  ) {
    this.pub = connectRedis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.sub = this.pub.duplicate();
    for (const conn of [this.pub, this.sub]) conn.on('error', (err: Error) => this.logger?.warn({ err: err.message }, 'redis event bus'));
    this.sub.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      let event: unknown;
      try {
        event = JSON.parse(text);
      } catch {
        return;
      }
      if (!isServerEvent(event)) return;
      for (const listener of [...this.listeners]) {
        try {
          listener(event);
        } catch {
          // One listener's failure must not stop delivery to the others.
        }
      }
    });
    this.ready = this.sub.subscribe(this.channel);
  }

  /** Resolves once the subscription is active (events published before may be missed). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  publish(event: ServerEvent): void {
    const { kind } = event;
    const wire = kind === 'resource_updated' ? { kind, uri: event.uri } : { kind };
    void this.pub.publish(this.channel, JSON.stringify(wire)).catch((err: Error) => this.logger?.warn({ err: err.message }, 'redis publish failed'));
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.all([this.sub.quit().catch(() => {}), this.pub.quit().catch(() => {})]);
  }
}

/** Used confirmations in Redis: SET NX with an expiry, so each is spent once across replicas. */
export class RedisOnceStore implements OnceStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = connectRedis(url, { maxRetriesPerRequest: 2 });
    this.redis.on('error', () => {});
  }

  async claim(nonce: string, ttlMs: number): Promise<boolean> {
    const set = await this.redis.set(`${this.prefix}${nonce}`, '1', 'PX', ttlMs, 'NX');
    return set === 'OK';
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => {});
  }
}

/** A channel/key namespace: deployments sharing one Redis stay apart, replicas of one deployment meet. */
export function redisNamespace(deployment: string | undefined): string {
  return `outreach-mcp:${deployment ?? randomUUID()}:`;
}
