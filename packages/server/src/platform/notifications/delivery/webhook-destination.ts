// Where a tenant's webhook may point. A tenant administrator types the address and the server posts to it:
// left open, that is a way into the server's own network (SSRF: 127.0.0.1, the cloud metadata address,
// private ranges). So the same checks as a tenant's mail server (modules/mail/smtp-destination.ts): https
// only, the host resolved once and every address checked, and the post made to that checked address (the
// typed name stays the TLS server name), so a DNS answer that changes between check and connect cannot
// redirect it. Where the operator allows internal hosts (SMTP_ALLOW_INTERNAL_HOSTS, e.g. a chat server on
// the same network, or the tests' receiver on 127.0.0.1), http is allowed too, to internal addresses only.
import { AppError, WEBHOOK_URL_MAX } from '@ipdesk/core';
import { isInternalAddress, resolveSmtpDestination, type Resolver } from '../../../modules/mail/smtp-destination.js';

export interface WebhookDestination {
  url: URL;
  /** The checked IP address to connect to. */
  address: string;
}

/** Parses the address as typed: https (or http), no user name or password, within the length. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('webhookUrlInvalid');
  }
  if (raw.length > WEBHOOK_URL_MAX || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new AppError('webhookUrlInvalid');
  if (url.username || url.password) throw new AppError('webhookUrlInvalid');
  return url;
}

/**
 * Checks the address and resolves its host: webhookUrlInvalid, webhookHostUnknown (no address), or
 * webhookHostForbidden (an internal address where they are not allowed; http to a public one).
 */
export async function resolveWebhookDestination(
  raw: string,
  options: { allowInternal: boolean; resolve?: Resolver },
): Promise<WebhookDestination> {
  const url = parseWebhookUrl(raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let address: string;
  try {
    ({ address } = await resolveSmtpDestination(host, options));
  } catch (error) {
    if (error instanceof AppError && error.message === 'mailHostUnknown')
      throw new AppError('webhookHostUnknown', { params: { host } });
    if (error instanceof AppError && error.message === 'mailHostForbidden')
      throw new AppError('webhookHostForbidden', { params: { host, address: String(error.params?.address ?? '') } });
    throw error;
  }
  // Plain http only inside the operator's own network, where they allowed it: never over the internet.
  if (url.protocol === 'http:' && !(options.allowInternal && isInternalAddress(address)))
    throw new AppError('webhookUrlInvalid');
  return { url, address };
}
