import type { Db as Database } from './sqlite.js';

/**
 * A schema migration. Ids sort lexically and carry the owning module so
 * modules can add tables independently: '0001_core', '0100_limits', ...
 */
export interface Migration {
  id: string;
  up: string | ((db: Database) => void);
}
