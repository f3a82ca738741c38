// Posting a signed payload to a tenant's webhook: JSON body, the event, delivery id and timestamp in headers,
// and `X-IPDesk-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` with the tenant's secret, so the
// receiver can check it came from us and is fresh (it should refuse old timestamps and seen delivery ids).
// The connection goes to the address checked by webhook-destination.ts; 2xx is delivered, any other answer,
// no answer within 10 s or no connection is a failure the caller retries.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { WebhookDestination } from './webhook-destination.js';
import { DeliveryFailure } from './retry.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A lookup that answers the checked address whatever the name: no second DNS question. */
function pinned(address: string): LookupFunction {
  const family = isIP(address) === 6 ? 6 : 4;
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export async function postWebhook(
  destination: WebhookDestination,
  input: { secret: string; event: string; deliveryId: string; body: string; now: Date },
): Promise<void> {
  const timestamp = String(Math.floor(input.now.getTime() / 1000));
  const { url } = destination;
  const client = url.protocol === 'https:' ? https : http;
  const status = await new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned(destination.address),
        servername: isIP(url.hostname.replace(/^\[(.*)\]$/, '$1')) ? undefined : url.hostname,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'IPDesk-Webhook/1',
          'x-ipdesk-event': input.event,
          'x-ipdesk-delivery': input.deliveryId,
          'x-ipdesk-timestamp': timestamp,
          'x-ipdesk-signature': webhookSignature(input.secret, timestamp, input.body),
        },
      },
      (response) => {
        // The answer's body is not read beyond draining it: only the status counts.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new DeliveryFailure('webhookTimeout', `${WEBHOOK_TIMEOUT_MS} ms`)),
      WEBHOOK_TIMEOUT_MS,
    );
    request.on('close', () => clearTimeout(timer));
    request.on('error', (error) =>
      reject(error instanceof DeliveryFailure ? error : new DeliveryFailure('webhookUnreachable', error.message)),
    );
    request.end(input.body);
  });
  if (status < 200 || status > 299) throw new DeliveryFailure('webhookStatus', `HTTP ${status}`);
}
