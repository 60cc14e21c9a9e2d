import envPaths from 'env-paths';

/** Default data directory for the embedded service (per user, per OS convention). */
export function defaultDataDir(): string {
  return process.env.OUTREACH_DATA_DIR ?? envPaths('outreach-mcp', { suffix: '' }).data;
}
