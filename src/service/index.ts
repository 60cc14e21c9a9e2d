/**
 * Public face of the embedded service (filled in by the service issue):
 *
 *   startService(opts: {
 *     host?: string;       // default 127.0.0.1
 *     port?: number;       // default 0 (any free port)
 *     dataDir?: string;    // default defaultDataDir(); ':memory:' for tests
 *     seed?: string;       // world seed, default 'outreach'
 *     apiKey?: string;     // demo user's key to accept; made on first start if absent
 *     clock?: Clock;
 *     logger?: Logger;
 *   }): Promise<{ baseUrl: string; apiKey: string; close(): Promise<void> }>
 */
export {};
