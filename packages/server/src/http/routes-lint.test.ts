// The lint rule that keeps routes thin (eslint.config.mjs, docs/commands.md): a route imports nothing
// from db/ and writes no audit entry itself. Linted with the repository's own configuration, as
// `npm run lint` does, on snippets placed where routes live.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const DB_IMPORT =
  "import { unchangedSince } from '../../db/setting-version.js';\nexport const where = unchangedSince;\n";
const DB_TYPE_IMPORT = "import type { Database } from '../../../db/database.js';\nexport type Db = Database;\n";
const AUDIT_CALL =
  "import { audit } from '../../modules/accounts/context.js';\nexport const write = (tx: never) => audit(tx, {} as never);\n";
const COMMAND_CALL =
  "import { sendTestMail } from '../../modules/mail/send-test-mail.js';\nexport const send = sendTestMail;\n";

describe('routes call commands: no db/ imports, no audit( calls', () => {
  it.each([
    ['packages/server/src/http/routes/example.ts', DB_IMPORT, 'no-restricted-imports'],
    ['packages/server/src/domains/patents/routes/example.ts', DB_TYPE_IMPORT, 'no-restricted-imports'],
    ['packages/server/src/http/routes/example.ts', AUDIT_CALL, 'no-restricted-syntax'],
    ['packages/server/src/domains/patents/routes/example.ts', AUDIT_CALL, 'no-restricted-syntax'],
  ])('%s is refused', async (file, code, rule) => {
    const found = await problems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${rule}: .*routes validate, authorize, call one command and present`));
  });

  it('keeps the server-web boundary in routes', async () => {
    const found = await problems(
      'packages/server/src/http/routes/example.ts',
      "import { x } from '@ipdesk/web';\nexport const y = x;\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: .*server imports core, never web$/);
  });

  it('lets routes call commands, and commands use db/ and audit', async () => {
    expect(await problems('packages/server/src/http/routes/example.ts', COMMAND_CALL)).toEqual([]);
    expect(await problems('packages/server/src/modules/tenants/example.ts', DB_IMPORT + AUDIT_CALL)).toEqual([]);
  });

  it('finds no route today that talks to the database or the audit log itself', async () => {
    const results = await eslint.lintFiles([
      'packages/server/src/http/routes/*.ts',
      'packages/server/src/domains/*/routes/*.ts',
    ]);
    const offences = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
        .map((m) => `${r.filePath}:${m.line} ${m.message}`),
    );
    expect(offences).toEqual([]);
  });
});
