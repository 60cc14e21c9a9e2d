import type { Request, Response } from 'express';
import {
  INVALID_ACCOUNT_ID,
  ACCOUNT_NOT_FOUND,
  fromRequestParts,
  isWrite,
  requirementFor,
  summarizeIssues,
  validate,
  type AnyEndpoint,
} from '../../contract/index.js';
import type { Clock } from '../../util/clock.js';
import type { Logger } from '../../util/logger.js';
import type { StoredAccount } from '../accounts/repo.js';
import { AccountRepo } from '../accounts/repo.js';
import type { HealthGate } from '../accounts/health-gate.js';
import type { AuditLog } from '../audit/log.js';
import { DomainError } from '../domain/context.js';
import type { GovernContext, RequestGovernor } from '../governor.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, fingerprint, type IdempotencyStore } from '../idempotency/store.js';
import type { Db } from '../store/db.js';
import { INTERNAL_ERROR, PREMIUM_REQUIRED, SALES_NAVIGATOR_REQUIRED, sendError, sendValidationError } from './errors.js';

/**
 * One request through the service: validate → resolve the account → check the
 * plan → idempotency → limits and quotas → handler, idempotency record, quota
 * spend and audit in one transaction → answer. Nothing changes on a refusal.
 */

export interface RouteCall {
  userId: string;
  /** The account acted for; undefined only for endpoints without accountId (GET /accounts). */
  account: StoredAccount | undefined;
  input: Record<string, unknown>;
}

/** Synchronous on purpose: it runs inside the request's transaction. */
export type RouteHandler = (call: RouteCall) => unknown;

export interface PipelineDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  accounts: AccountRepo;
  governor: RequestGovernor;
  idempotency: IdempotencyStore;
  audit: AuditLog;
  /** Account health (ERROR, holds, the network's own 429); none: every account is healthy. */
  health?: HealthGate;
  handlerFor(id: string): RouteHandler | undefined;
}

/** A path accountId that breaks the pattern is the spec's plain 400, not a validation body. */
function isBadPathAccountId(e: AnyEndpoint, issues: { path: string[]; message: string }[]): boolean {
  return e.path.includes('{accountId}') && issues.some((i) => i.path[0] === 'accountId' && i.message === INVALID_ACCOUNT_ID);
}

export function endpointRoute(e: AnyEndpoint, deps: PipelineDeps) {
  const { db, clock, logger, accounts, governor, idempotency, audit } = deps;

  return (req: Request, res: Response): void => {
    const userId = res.locals.userId as string;
    const raw = fromRequestParts(e, req.params as Record<string, string>, req.query as Record<string, string | string[]>, req.body);
    const parsed = validate(e.input, raw);
    if (!parsed.success) {
      if (isBadPathAccountId(e, parsed.issues)) return sendError(res, 400, INVALID_ACCOUNT_ID);
      // A bad optional accountId in query or body reads the same way.
      if (parsed.issues.length === 1 && parsed.issues[0]!.path.join('.') === 'accountId' && parsed.issues[0]!.message === INVALID_ACCOUNT_ID) {
        return sendError(res, 400, INVALID_ACCOUNT_ID);
      }
      return sendValidationError(res, parsed.issues);
    }
    const input = parsed.data as Record<string, unknown>;

    let account: StoredAccount | undefined;
    if ('accountId' in e.input.shape) {
      const wanted = input.accountId;
      account = typeof wanted === 'string' ? accounts.find(userId, wanted) : accounts.defaultFor(userId);
      if (!account) return sendError(res, 404, ACCOUNT_NOT_FOUND);
      if (deps.health?.settle(account.id)) account = accounts.find(userId, account.id) ?? account;
      const unhealthy = deps.health?.check({ userId, account, endpoint: e, input });
      if (unhealthy) {
        res.set(unhealthy.headers).status(unhealthy.status).json(unhealthy.body);
        return;
      }
    }

    const requirement = requirementFor(e, input);
    if (account && requirement === 'salesNavigator' && !account.hasSalesNavigator) return sendError(res, 400, SALES_NAVIGATOR_REQUIRED);
    if (account && requirement === 'premium' && !account.isPremium) return sendError(res, 403, PREMIUM_REQUIRED);

    const handler = deps.handlerFor(e.id);
    if (!handler) return sendError(res, 501, `Not implemented in the embedded service: ${e.id} ${e.method} ${e.path}`);

    const key = isWrite(e) ? req.get(IDEMPOTENCY_HEADER) : undefined;
    let print: string | undefined;
    if (key !== undefined) {
      if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
        return sendError(res, 400, 'Invalid Idempotency-Key header: use 1-255 printable ASCII characters without spaces');
      }
      print = fingerprint(e.id, account?.id, input);
      const seen = idempotency.lookup(userId, key, print);
      if (seen.kind === 'replay') {
        res.set('Idempotent-Replayed', 'true').status(seen.response.status).json(seen.response.body);
        return;
      }
      if (seen.kind === 'mismatch') {
        return sendError(res, 422, 'Idempotency-Key was already used for a different request; use a new key for a new request');
      }
    }

    const ctx: GovernContext | undefined = account ? { userId, accountId: account.id, endpoint: e, input } : undefined;
    if (ctx) {
      const decision = governor.admit(ctx);
      res.set(decision.headers);
      if (!decision.ok) {
        res.status(decision.status).json(decision.body);
        return;
      }
    }

    try {
      const output = db.transaction(() => {
        const result = handler({ userId, account, input });
        const checked = validate(e.output, result);
        if (!checked.success) {
          throw new Error(`answer of ${e.id} breaks its output schema: ${summarizeIssues(checked.issues)}`);
        }
        if (key !== undefined && print !== undefined) {
          idempotency.save(userId, key, print, { endpointId: e.id, ...(account ? { accountId: account.id } : {}) }, { status: 200, body: checked.data });
        }
        if (ctx) governor.commit(ctx);
        if (isWrite(e)) {
          audit.record({
            userId,
            endpointId: e.id,
            tool: e.tool,
            input,
            status: 200,
            ...(account ? { accountId: account.id } : {}),
            ...(key !== undefined ? { idempotencyKey: key } : {}),
          });
        }
        if (account && e.group !== 'account') accounts.touch(account.id, clock.now());
        return checked.data;
      })();
      res.status(200).json(output);
    } catch (err) {
      if (ctx) governor.release?.(ctx);
      if (err instanceof DomainError) return sendError(res, err.status, err.message);
      logger.error({ endpoint: e.id, err: err instanceof Error ? err.message : String(err) }, 'handler failed');
      sendError(res, 500, INTERNAL_ERROR);
    }
  };
}
