import { pino, type Logger } from 'pino';

/**
 * Logs go to stderr: stdout belongs to the stdio MCP transport and to the
 * service's one ready line. Secrets are redacted wherever they might appear.
 */
export const REDACT_PATHS = [
  'apiKey',
  'key',
  'token',
  'secret',
  'signingSecret',
  'authorization',
  'password',
  '*.apiKey',
  '*.key',
  '*.token',
  '*.secret',
  '*.signingSecret',
  '*.authorization',
  '*.Authorization',
  'headers.authorization',
  'req.headers.authorization',
];

export function createLogger(name: string, level = process.env.OUTREACH_LOG_LEVEL ?? 'info'): Logger {
  return pino(
    { name, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    pino.destination({ fd: 2, sync: true }),
  );
}

export type { Logger };
