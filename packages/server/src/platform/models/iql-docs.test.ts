// docs/iql.md is tested (issue 14): every query of its code blocks and of its examples table runs against
// the patent model on a real database and must be accepted; every query of its two error tables must be
// refused, with the code and position (parser errors) or the exact English message (model errors) the
// page gives. An example written with a name the model does not have fails here. PGlite and PostgreSQL.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tryParseIql } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
  type SignedIn,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

const doc = readFileSync(fileURLToPath(new URL('../../../../../docs/iql.md', import.meta.url)), 'utf8');

/** The section of the page under a heading, up to the next heading of the same level. */
function section(heading: string): string {
  const start = doc.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/iql.md has no "${heading}"`);
  const next = doc.indexOf('\n## ', start + heading.length + 2);
  return doc.slice(start, next < 0 ? undefined : next);
}

/** Rows of the first table in a text, as cells (a `\|` inside a cell is a pipe). */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replace(/\\\|/g, '|')),
    );
}

const code = (cell: string) => {
  const match = /^`(.*)`$/.exec(cell);
  if (!match) throw new Error(`not a code cell: ${cell}`);
  return match[1]!;
};

/** Queries of ```text blocks (one per line) and the texts given to parseIql in ```ts blocks. */
function codeBlockQueries(): string[] {
  const queries: string[] = [];
  for (const [, language, body] of doc.matchAll(/```(\w+)\n([\s\S]*?)```/g)) {
    if (language === 'text') queries.push(...body!.split('\n').filter((line) => line.trim() !== ''));
    if (language === 'ts') for (const [, text] of body!.matchAll(/parseIql\("([^"]*)"\)/g)) queries.push(text!);
  }
  return queries;
}

const accepted = [...codeBlockQueries(), ...tableRows(section('## Examples')).map(([query]) => code(query!))];
const parserErrors = tableRows(section('## Errors').slice(section('## Errors').indexOf('Examples:'))).map(
  ([query, errorCode, position]) => ({ query: code(query!), code: code(errorCode!), position: Number(position) }),
);
const modelErrors = tableRows(section('## Errors found against the model')).map(([query, message]) => ({
  query: code(query!),
  message: message!,
}));

describe(`docs/iql.md examples on the patent model (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const user = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  const search = (iql: string) =>
    t.app.inject({ method: 'POST', url: '/webapi/model/patent/do/search', headers: authed(admin), payload: { iql } });

  it('finds the examples on the page', () => {
    expect(accepted.length).toBeGreaterThanOrEqual(17);
    expect(parserErrors.length).toBeGreaterThanOrEqual(6);
    expect(modelErrors.length).toBeGreaterThanOrEqual(8);
  });

  it('accepts every example query', async () => {
    const refused: string[] = [];
    for (const iql of accepted) {
      const res = await search(iql);
      if (res.statusCode !== 200) refused.push(`${iql} → ${res.statusCode} ${res.body}`);
    }
    expect(refused).toEqual([]);
  });

  it('refuses every parser error example with the code and position the page gives', async () => {
    for (const example of parserErrors) {
      const parsed = tryParseIql(example.query);
      expect(parsed.ok, example.query).toBe(false);
      if (parsed.ok) continue;
      expect(parsed.error.code, example.query).toBe(example.code);
      expect(parsed.error.params.position, example.query).toBe(example.position);
      const res = await search(example.query);
      expect(res.statusCode, example.query).toBe(400);
      expect(res.json().code).toBe(500001);
    }
  });

  it('refuses every model error example with the message the page gives', async () => {
    for (const example of modelErrors) {
      const res = await search(example.query);
      expect(res.statusCode, `${example.query}: ${res.body}`).toBe(400);
      expect(res.json().fields[0].message, example.query).toBe(example.message);
    }
  });
});
