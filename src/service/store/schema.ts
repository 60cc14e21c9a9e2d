import { accountHealthMigrations } from '../accounts/health.js';
import { accountsMigrations } from '../accounts/schema.js';
import { auditMigrations } from '../audit/log.js';
import { DOMAIN_MODULES } from '../domain/modules.js';
import { simAccountsMigrations } from '../domain/sim-accounts.js';
import { idempotencyMigrations } from '../idempotency/store.js';
import { limitsMigrations } from '../limits/index.js';
import { webhooksMigrations } from '../webhooks/index.js';
import { metaMigrations } from './db.js';
import type { Migration } from './migration.js';

/** Every table of the service, from every module, applied in id order. */
export const ALL_MIGRATIONS: readonly Migration[] = [
  ...metaMigrations,
  ...accountsMigrations,
  ...accountHealthMigrations,
  ...limitsMigrations,
  ...webhooksMigrations,
  ...idempotencyMigrations,
  ...auditMigrations,
  ...DOMAIN_MODULES.flatMap((m) => m.migrations),
  ...simAccountsMigrations,
];
