// core's texts, bundled with the app: loaded (pack-loader.ts) only when the server's pack may lack a key — a
// cached pack of another build, a server that cannot answer.
import { messages, type Language } from '@ipdesk/core';

export function bundledTexts(language: Language): Record<string, string> {
  return messages[language];
}
