import { ClientError } from '../../src/client/types.js';

/** The ClientError a call rejects with; any other outcome (success, another error) fails the test. */
export async function expectClientError(p: Promise<unknown>): Promise<ClientError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ClientError) return err;
    throw err;
  }
  throw new Error('expected a ClientError, the call succeeded');
}
