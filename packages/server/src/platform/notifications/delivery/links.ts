// Absolute links in mails and webhook payloads: the configured public address (PUBLIC_URL, never a request's
// Host header), else where this server listens, then the app's base path and the app path.
import type { AccountsContext } from '../../../modules/accounts/context.js';

export type LinkContext = Pick<AccountsContext, 'config' | 'listeningOrigin'>;

export function appUrl(ctx: LinkContext, path: string): string {
  const origin = ctx.config.publicUrl ?? ctx.listeningOrigin ?? `http://localhost:${ctx.config.port}`;
  return `${origin}${ctx.config.basePath}${path.replace(/^\/+/, '')}`;
}
