/** Service-side limits and quotas (spec sections 7 and 8, A7). */
export { limitsMigrations } from './schema.js';
export { createGovernor, isExempt, type GovernorOptions, type LimitsGovernor } from './governor.js';
export { quotaFeaturesFor } from '../../contract/index.js';
export { createQuotaHandler } from './quota-endpoint.js';
export { HOURLY_PLAN_LIMITS, type Plan } from './rate-limits.js';
export { UnknownQuotaFeatureError, USAGE_SOURCES, type UsageSource, type LimitReachedBy } from './quota-ledger.js';
export { windowSpan, type WindowSpan } from './windows.js';
export { DEFAULT_RESERVATION_TTL_MS } from './reservations.js';
