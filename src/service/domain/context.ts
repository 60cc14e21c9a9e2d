import type { Db as Database } from '../store/sqlite.js';
import type { z } from 'zod';
import type { AccountStatusValue, AnyEndpoint, PremiumType } from '../../contract/index.js';
import type { Clock } from '../../util/clock.js';
import type { Logger } from '../../util/logger.js';
import type { Migration } from '../store/migration.js';
import type { WebhookEventName } from '../webhooks/events.js';
import type { AccountView, ConnectionDegree, World } from '../world/index.js';

/**
 * What a domain handler sees. Handlers are plain synchronous functions of
 * (deps, call): no HTTP, so they run inside the same SQLite transaction as
 * the idempotency record and quota spend of the request that called them.
 */

/** The connected account a call acts for (resolved and access-checked by the pipeline). */
export interface ActingAccount {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  publicId: string;
  status: AccountStatusValue;
  premiumType: PremiumType;
  isPremium: boolean;
  hasSalesNavigator: boolean;
  hasRecruiter: boolean;
  hasAwayMessages: boolean;
  hasAdvertiseBadge: boolean;
  hasHiringManager: boolean;
}

/** Relationships as they stand now: the world's graph plus what accounts did since. */
export interface NetworkState {
  /** 1st / 2nd / 3rd+ of a world person relative to the account, overlays included. */
  degreeOf(account: ActingAccount, personId: string): ConnectionDegree;
  /** World person ids of the account's 1st-degree connections, overlays included. */
  connectionIds(account: ActingAccount): ReadonlySet<string>;
  /** Whether the account follows a person or company (world id), overlays included. */
  isFollowing(account: ActingAccount, targetId: string): boolean;
}

export interface DomainDeps {
  db: Database;
  clock: Clock;
  /** The synthetic network (generated once, lazily). */
  world(): World;
  /** The account's own slice of the world, cached per account. */
  view(account: ActingAccount): AccountView;
  network: NetworkState;
  /** Raises a webhook event for the account's owner (and the MCP events resource). */
  emit(userId: string, accountId: string, event: WebhookEventName, data: Record<string, unknown>): void;
  /** Counts quota the service spent on the customer's behalf (simulated activity). */
  recordUsage(accountId: string, feature: string): void;
  logger: Logger;
}

export interface DomainCall<I> {
  account: ActingAccount;
  input: I;
}

/** A refusal with the spec's error body: {error, success: false}. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422 | 429,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export type DomainHandler = (deps: DomainDeps, call: DomainCall<Record<string, unknown>>) => unknown;

/** Ties a handler to its contract entry so input and output are typed from the schemas. */
export function handle<E extends AnyEndpoint>(
  entry: E,
  fn: (deps: DomainDeps, call: DomainCall<z.output<E['input']>>) => z.input<E['output']>,
): [string, DomainHandler] {
  return [entry.id, fn as DomainHandler];
}

/** One area of the service: its tables, its handlers, and its background activity. */
export interface DomainModule {
  name: string;
  migrations: Migration[];
  handlers: ReadonlyMap<string, DomainHandler>;
  /** Runs simulated activity that has fallen due by nowMs (accepted invitations, replies, ...). */
  runDue?(deps: DomainDeps, nowMs: number): void;
  /** Told of every connected account before its first activity run, so background activity starts without a call. */
  onAccount?(deps: DomainDeps, account: ActingAccount): void;
}
