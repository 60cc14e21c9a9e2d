/**
 * Environment configuration of the client. A remote service is used only when
 * both OUTREACH_BASE_URL and OUTREACH_API_KEY are set; otherwise the caller
 * starts the embedded service and passes its baseUrl/apiKey to createClient.
 */
export interface RemoteServiceConfig {
  baseUrl: string;
  apiKey: string;
}

export interface ClientEnvConfig {
  /** Set when the remote service is configured. */
  remote?: RemoteServiceConfig;
  /** OUTREACH_REDIS_URL: share per-minute limiter state between processes. */
  redisUrl?: string;
}

export class ClientConfigError extends Error {
  override name = 'ClientConfigError';
}

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

export function loadClientConfig(env: NodeJS.ProcessEnv = process.env): ClientEnvConfig {
  const baseUrl = nonEmpty(env.OUTREACH_BASE_URL);
  const apiKey = nonEmpty(env.OUTREACH_API_KEY);
  const redisUrl = nonEmpty(env.OUTREACH_REDIS_URL);
  const config: ClientEnvConfig = {};
  if (baseUrl && !apiKey) throw new ClientConfigError('OUTREACH_BASE_URL is set but OUTREACH_API_KEY is not: set both to use a remote service');
  if (apiKey && !baseUrl) throw new ClientConfigError('OUTREACH_API_KEY is set but OUTREACH_BASE_URL is not: set both to use a remote service');
  if (baseUrl && apiKey) {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw new ClientConfigError('OUTREACH_BASE_URL is not a valid URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ClientConfigError('OUTREACH_BASE_URL must use http or https');
    }
    config.remote = { baseUrl: url.toString().replace(/\/+$/, ''), apiKey };
  }
  if (redisUrl) {
    if (!/^rediss?:\/\//.test(redisUrl)) throw new ClientConfigError('OUTREACH_REDIS_URL must start with redis:// or rediss://');
    config.redisUrl = redisUrl;
  }
  return config;
}
