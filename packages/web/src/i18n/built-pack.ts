// The versions of the language packs this build was made with (scripts/pack-versions.mjs, run by
// `npm run build:web`, hashes core's texts with core's languagePackVersion, as the server does for the packs it
// sends). A cached pack of that version holds exactly this build's texts: the app starts from it without asking
// the server again or laying core's bundled texts under it (issue 16: those texts were a sixth of the sign-in
// page's code). Empty in development and the unit tests, which have no such file: every pack is then refreshed
// and laid over the bundled texts.
import type { Language } from '@ipdesk/core';

type Versions = Partial<Record<Language, string>>;

const generated: Record<string, Versions> = import.meta.env.PROD
  ? import.meta.glob<Versions>('../app/generated/pack-versions.json', { import: 'default', eager: true })
  : {};

export const BUILT_PACK_VERSIONS: Versions = Object.values(generated)[0] ?? {};
