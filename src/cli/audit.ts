/** outreach-mcp audit: recent writes the embedded service performed, newest first. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ACCOUNT_ID_PATTERN } from '../contract/index.js';
import { AuditLog } from '../service/audit/log.js';
import { DB_FILE, openDatabase, runMigrations } from '../service/store/db.js';
import { ALL_MIGRATIONS } from '../service/store/schema.js';
import { defaultDataDir } from '../util/data-dir.js';

export const HELP = `Usage: outreach-mcp audit [options]

Lists recent writes of the embedded service (who, which account, which tool,
what target, which idempotency key), newest first. Message texts are never
stored in the audit log.

Options:
  --account ID     Only this account (24 hex)
  --user U         Only this user
  --limit N        How many (1-1000, default 50)
  --json           JSON instead of a table
  --data-dir DIR   Data directory (default: ${defaultDataDir()}; env OUTREACH_DATA_DIR)
  -h, --help       Show this help
`;

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      account: { type: 'string' },
      user: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stderr.write(HELP);
    return;
  }
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error(`--limit: expected 1-1000, got "${values.limit}"`);
  if (values.account !== undefined && !ACCOUNT_ID_PATTERN.test(values.account)) {
    throw new Error(`--account: Invalid account ID format (expected 24 hex characters), got "${values.account}"`);
  }
  const dataDir = values['data-dir'] ?? defaultDataDir();
  if (!existsSync(join(dataDir, DB_FILE))) throw new Error(`no service data in ${dataDir} (start the service once, or pass --data-dir)`);
  const db = openDatabase(dataDir);
  try {
    runMigrations(db, ALL_MIGRATIONS);
    const entries = new AuditLog(db, Date.now).list({
      limit,
      ...(values.account ? { accountId: values.account.toLowerCase() } : {}),
      ...(values.user ? { userId: values.user } : {}),
    });
    if (values.json) {
      process.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
      return;
    }
    if (entries.length === 0) {
      process.stderr.write('No writes recorded.\n');
      return;
    }
    for (const e of entries) {
      process.stdout.write(
        [e.at, e.userId, e.accountId ?? '-', e.tool, e.target ?? '-', e.idempotencyKey ?? '-', String(e.status)].join('\t') + '\n',
      );
    }
  } finally {
    db.close();
  }
}
