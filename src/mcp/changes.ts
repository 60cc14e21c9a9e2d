/**
 * Resource change announcements shared by every MCP session of a process: a
 * tool call in one session that spends quota updates the quota resource that
 * another session may be watching.
 */
export class ResourceChanges {
  private readonly listeners = new Set<(uri: string) => void>();

  /** Announces that the resource at uri changed. */
  changed(uri: string): void {
    for (const listener of [...this.listeners]) listener(uri);
  }

  listen(listener: (uri: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
