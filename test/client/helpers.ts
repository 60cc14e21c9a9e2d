import { createLogger } from '../../src/util/logger.js';
import { createClient, type ClientOptions } from '../../src/client/index.js';
import type { FakeService } from './fake-service.js';

export const quietLogger = createLogger('client-test', 'silent');

export function clientFor(fake: FakeService, options: Partial<ClientOptions> = {}): ReturnType<typeof createClient> {
  return createClient({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, logger: quietLogger, retryBackoffMs: 10, ...options });
}

export async function expectClientError(p: Promise<unknown>): Promise<import('../../src/client/index.js').ClientError> {
  const { ClientError } = await import('../../src/client/index.js');
  try {
    await p;
  } catch (err) {
    if (err instanceof ClientError) return err;
    throw err;
  }
  throw new Error('expected a ClientError, the call succeeded');
}
