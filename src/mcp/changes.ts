/**
 * Resource change announcements shared by every MCP session of a process: a
 * tool call in one session that spends quota updates the quota resource that
 * another session may be watching.
 */
export class ResourceChanges {
  private readonly listeners = new Set<(uri: string) => void>();
  private readonly listListeners = new Set<() => void>();
  private lastAccounts: string | undefined;

  /** Announces that the resource at uri changed. */
  changed(uri: string): void {
    for (const listener of [...this.listeners]) listener(uri);
  }

  listen(listener: (uri: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces that the set of resources changed (resources/list would answer differently). */
  listChanged(): void {
    for (const listener of [...this.listListeners]) listener();
  }

  listenList(listener: () => void): () => void {
    this.listListeners.add(listener);
    return () => this.listListeners.delete(listener);
  }

  /**
   * Records the account ids a read just returned; when they differ from the
   * last read, the per-account status and quota resources changed, so the list did.
   */
  accountsSeen(ids: readonly string[]): void {
    const key = [...ids].sort().join(',');
    const before = this.lastAccounts;
    this.lastAccounts = key;
    if (before !== undefined && before !== key) this.listChanged();
  }
}

export const ACCOUNTS_URI = 'outreach://accounts';
export const EVENTS_URI = 'outreach://events/recent';
export const STATUS_TEMPLATE = 'outreach://accounts/{accountId}/status';
export const QUOTA_TEMPLATE = 'outreach://accounts/{accountId}/quota';

export function statusUri(accountId: string): string {
  return `outreach://accounts/${accountId}/status`;
}

export function quotaUri(accountId: string): string {
  return `outreach://accounts/${accountId}/quota`;
}
