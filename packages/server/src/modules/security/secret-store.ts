// Where the app's own keys live (issue 15 #5). The token-signing secret and the master key used to be
// generated into the database they protect, so a dump alone let one forge tokens and open every sealed
// secret. Now: from JWT_SECRET / MASTER_KEY (required in prod), else generated once into
// DATA_DIR/secrets.json with mode 0600, never into the database. Keys an older version kept in
// app_secret are moved to the file (so sessions and sealed mail passwords keep working) and deleted.
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';

export interface AppKeys {
  jwtSecret: string;
  masterKey: string;
}

interface KeyFile {
  jwt_secret?: string;
  master_key?: string;
}

export const SECRETS_FILE = 'secrets.json';
const LEGACY_NAMES = { jwtSecret: 'jwt_secret', masterKey: 'master_key' } as const;

export const generateKey = () => randomBytes(48).toString('base64url');

async function readKeyFile(file: string): Promise<KeyFile | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as KeyFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file} cannot be read: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Writes the file once: a complete temporary file is linked into place, so two servers starting
 * together never read half a file, and the second one reads the first one's keys.
 */
async function createKeyFile(file: string, keys: KeyFile, replace = false): Promise<KeyFile> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(temporary, 0o600); // the process umask must not widen it
  try {
    await (replace ? rename(temporary, file) : link(temporary, file));
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readKeyFile(file)) ?? keys;
  } finally {
    await rm(temporary, { force: true });
  }
}

export async function loadAppKeys(db: Database, config: Config): Promise<AppKeys> {
  const legacyRows = await db.query<{ name: string; value: string }>(
    "SELECT name, value FROM app_secret WHERE name IN ('jwt_secret', 'master_key')",
  );
  const legacy = new Map(legacyRows.map((row) => [row.name, row.value]));
  const fromConfig: Partial<AppKeys> = { jwtSecret: config.jwtSecret, masterKey: config.masterKey };
  let keys: AppKeys;
  if (fromConfig.jwtSecret && fromConfig.masterKey) {
    keys = { jwtSecret: fromConfig.jwtSecret, masterKey: fromConfig.masterKey };
  } else {
    const file = path.join(config.dataDir, SECRETS_FILE);
    const existing = await readKeyFile(file);
    const wanted = (name: keyof AppKeys) => !fromConfig[name];
    const complete = (keys: KeyFile | undefined): boolean =>
      !!keys && (!wanted('jwtSecret') || !!keys.jwt_secret) && (!wanted('masterKey') || !!keys.master_key);
    // A file written while the environment set one of the keys may lack the other: it is completed.
    const stored: KeyFile = complete(existing)
      ? existing!
      : await createKeyFile(
          file,
          {
            ...existing,
            ...(wanted('jwtSecret') &&
              !existing?.jwt_secret && { jwt_secret: legacy.get('jwt_secret') ?? generateKey() }),
            ...(wanted('masterKey') &&
              !existing?.master_key && { master_key: legacy.get('master_key') ?? generateKey() }),
          },
          existing !== undefined,
        );
    keys = {
      jwtSecret: fromConfig.jwtSecret ?? stored.jwt_secret!,
      masterKey: fromConfig.masterKey ?? stored.master_key!,
    };
  }
  // A kept legacy row that differs from the key in use would be a second, silent truth: only matching
  // rows (moved) and rows of keys the environment overrides (never used) are removed.
  for (const [name, column] of Object.entries(LEGACY_NAMES) as Array<[keyof AppKeys, string]>) {
    const old = legacy.get(column);
    if (old === undefined) continue;
    if (old !== keys[name] && !fromConfig[name])
      throw new Error(
        `The database holds a ${column} that differs from ${path.join(config.dataDir, SECRETS_FILE)}: ` +
          `start with the DATA_DIR it was moved to, or set ${name === 'jwtSecret' ? 'JWT_SECRET' : 'MASTER_KEY'}`,
      );
    await db.query('DELETE FROM app_secret WHERE name = $1', [column]);
  }
  return keys;
}
