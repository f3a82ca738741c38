// Writes the versions of this build's language packs into packages/web/src/app/generated/pack-versions.json
// (issue 16): core's texts hashed with core's languagePackVersion, as the server hashes the packs it sends. The
// web app (src/i18n/built-pack.ts) then knows a cached pack of that version is its own texts and starts from
// it without fetching the pack again or loading core's bundled texts. Usage: node --import tsx scripts/pack-versions.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'packages/web/src/app/generated/pack-versions.json');
const { LANGUAGES, languagePackVersion, messages } = await import('../packages/core/src/index.ts');

// The server's pack is a copy of core's texts in their own order (server/src/modules/i18n/language-pack.ts).
const versions = Object.fromEntries(
  LANGUAGES.map((language) => [language, languagePackVersion({ ...messages[language] })]),
);
await mkdir(path.dirname(target), { recursive: true });
await writeFile(target, `${JSON.stringify(versions, null, 2)}\n`);
console.log(
  `language pack versions: ${Object.entries(versions)
    .map(([l, v]) => `${l} ${v}`)
    .join(', ')}`,
);
