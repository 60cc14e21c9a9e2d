/** outreach-mcp keys: create, list and revoke API keys of the embedded service. */
import { parseArgs } from 'node:util';
import { KeyStore } from '../service/accounts/keys.js';
import { DEMO_USER_ID, seedDemoTenant } from '../service/accounts/seed.js';
import { openDatabase, runMigrations } from '../service/store/db.js';
import { ALL_MIGRATIONS } from '../service/store/schema.js';
import { defaultDataDir } from '../util/data-dir.js';

export const HELP = `Usage: outreach-mcp keys <command> [options]

Manage API keys of the embedded service (works whether or not it runs).

Commands:
  create [--label L] [--user U]   Make a key; the token is printed once, to stdout
  list [--user U] [--json]        Key ids, owners, where each came from (startup: --api-key /
                                  OUTREACH_API_KEY; created: keys create; demo: the demo key),
                                  when it was issued and last used (to the minute), and
                                  whether it is revoked (never tokens)
  revoke <keyId>                  Revoke a key at once

Options:
  --data-dir DIR   Data directory (default: ${defaultDataDir()}; env OUTREACH_DATA_DIR)
  -h, --help       Show this help
`;

export async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      label: { type: 'string' },
      user: { type: 'string' },
      json: { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stderr.write(HELP);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const db = openDatabase(values['data-dir'] ?? defaultDataDir());
  try {
    runMigrations(db, ALL_MIGRATIONS);
    seedDemoTenant(db, Date.now());
    const keys = new KeyStore(db);
    switch (command) {
      case 'create': {
        const userId = values.user ?? DEMO_USER_ID;
        if (!db.prepare('SELECT 1 FROM users WHERE id = ?').get(userId)) throw new Error(`--user: no user "${userId}"`);
        const { token, record } = await keys.create(userId, values.label ?? 'created with outreach-mcp keys', Date.now());
        process.stderr.write(`Created ${record.id} for user ${userId}. The key is shown once; store it now.\n`);
        process.stdout.write(`${token}\n`);
        return;
      }
      case 'list': {
        const list = keys.list(values.user);
        if (values.json) {
          process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
          return;
        }
        process.stdout.write('id\tuser\tsource\tissued\tlast used\tstate\tlabel\n');
        for (const k of list) {
          const state = k.revokedAt ? `revoked ${k.revokedAt}${k.revokedBy === 'rotation' ? ' (replaced at start-up)' : ''}` : 'active';
          process.stdout.write(`${k.id}\t${k.userId}\t${k.source}\t${k.issuedAt}\t${k.lastUsedAt ?? 'never'}\t${state}\t${k.label}\n`);
        }
        return;
      }
      case 'revoke': {
        const id = rest[0];
        if (!id) throw new Error('revoke: name the key id (see "outreach-mcp keys list")');
        if (!keys.revoke(id, Date.now())) throw new Error(`revoke: no active key "${id}"`);
        process.stderr.write(`Revoked ${id}.\n`);
        return;
      }
      default:
        throw new Error(`keys: unknown command "${command}" (create, list, revoke)`);
    }
  } finally {
    db.close();
  }
}
