import { validate, type AnyEndpoint } from '../../src/contract/index.js';
import type { QuotaReport } from '../../src/contract/resources/quota.js';
import { ClientError, type AccountSummary, type CallOptions, type OutreachClient } from '../../src/client/types.js';

export const ACCOUNT_A = 'a'.repeat(24);
export const ACCOUNT_B = 'b'.repeat(24);

export interface RecordedCall {
  tool: string;
  input: Record<string, unknown>;
  options: CallOptions | undefined;
}

type Handler = (input: Record<string, unknown>, options: CallOptions | undefined) => unknown;

export function accountStatus(id: string) {
  return {
    id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    publicId: 'ada-lovelace',
    platform: 'network',
    status: 'AVAILABLE' as const,
    enabled: true,
    lastUsed: '2026-01-05T00:00:00.000Z',
    hasTokens: true,
    networkPlan: null,
  };
}

/**
 * An OutreachClient that answers from per-tool handlers and records every call,
 * validating input like the real client so tests see what the MCP layer sent.
 */
export class FakeClient implements OutreachClient {
  readonly calls: RecordedCall[] = [];
  readonly quotaReads: string[] = [];
  handlers = new Map<string, Handler>();
  accountList: AccountSummary[] = [
    { id: ACCOUNT_A, firstName: 'Ada', lastName: 'Lovelace', publicId: 'ada', status: 'AVAILABLE', premiumType: 'NON_PREMIUM', isDefault: true },
    { id: ACCOUNT_B, firstName: 'Bob', lastName: 'Babbage', publicId: 'bob', status: 'AVAILABLE', premiumType: 'SALES_NAVIGATOR', isDefault: false },
  ];
  quotaUsed = 0;
  closed = false;

  on(tool: string, handler: Handler): this {
    this.handlers.set(tool, handler);
    return this;
  }

  async call(e: AnyEndpoint, input: Record<string, unknown>, options?: CallOptions): Promise<unknown> {
    this.calls.push({ tool: e.tool, input, options });
    const parsed = validate(e.input, input);
    if (!parsed.success) {
      throw new ClientError({ kind: 'validation', status: 400, message: 'Validation failed', issues: parsed.issues, endpointId: e.id });
    }
    const handler = this.handlers.get(e.tool);
    if (handler) return handler(parsed.data as Record<string, unknown>, options);
    if (e.id === 'A1' || e.id === 'A2') return accountStatus((parsed.data as { accountId?: string }).accountId ?? ACCOUNT_A);
    throw new Error(`FakeClient: no handler for ${e.tool}`);
  }

  async quota(accountId: string): Promise<QuotaReport> {
    this.quotaReads.push(accountId);
    if (!this.accountList.some((a) => a.id === accountId)) {
      throw new ClientError({ kind: 'not_found', status: 404, message: 'Account not found or not accessible' });
    }
    return {
      accountId,
      quotas: [
        {
          feature: 'CONNECT',
          window: 'daily',
          used: this.quotaUsed,
          limit: 25,
          networkLimit: 100,
          remaining: Math.max(0, 25 - this.quotaUsed),
          limitReached: false,
          limitReachedAt: null,
          resetAt: '2026-01-06T00:00:00.000Z',
        },
      ],
    };
  }

  async accounts(): Promise<AccountSummary[]> {
    return this.accountList;
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

/** Resolves when the signal aborts; records that it did. */
export function waitForAbort(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return;
    const fail = () => reject(new ClientError({ kind: 'cancelled', message: 'Call cancelled by the caller' }));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}
