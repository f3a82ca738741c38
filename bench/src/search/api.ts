// A small HTTP client for the benchmark: one keep-alive connection (node:http, lighter than fetch, so
// less of the measured time is the client's), signing in through the API like a browser does.
import { constants, publicEncrypt } from 'node:crypto';
import http from 'node:http';
import { splitForEnvelope } from '@ipdesk/core';

export interface ApiAnswer<T> {
  status: number;
  body: { code: number; message: string } & T;
  /** Request sent to last byte received, in milliseconds. */
  ms: number;
}

const TOKEN_MAX_AGE_MS = 10 * 60_000;

export class ApiClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private token: string | undefined;
  private signedInAt = 0;

  constructor(
    readonly baseUrl: string,
    private readonly account: string,
    private readonly password: string,
  ) {}

  /** The authorization header value; signs in again well before the access token's 15 minutes end. */
  async authorization(): Promise<string> {
    if (!this.token || Date.now() - this.signedInAt > TOKEN_MAX_AGE_MS) await this.signIn();
    return `Bearer ${this.token}`;
  }

  /** GET /passport/get_public_key, the password in RSA-OAEP chunks, POST /passport/login. */
  async signIn(): Promise<void> {
    const key = await this.send<{
      data: { public_key: string; max_chunk_bytes: number; separator: string };
    }>('GET', '/passport/get_public_key');
    const { public_key: publicKey, max_chunk_bytes: maxBytes, separator } = key.body.data;
    const envelope = splitForEnvelope(this.password, maxBytes)
      .map((chunk) =>
        publicEncrypt(
          { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(chunk),
        ).toString('base64'),
      )
      .join(separator);
    const login = await this.send<{ authorization?: string }>('POST', '/passport/login', {
      account: this.account,
      password: envelope,
    });
    if (login.status !== 200 || !login.body.authorization)
      throw new Error(`Sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
    this.token = login.body.authorization;
    this.signedInAt = Date.now();
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const answer = await this.send<T>(method, path, body, await this.authorization());
    if (answer.status !== 200 || answer.body.code !== 0)
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
    return answer;
  }

  private send<T>(method: string, path: string, body?: unknown, authorization?: string): Promise<ApiAnswer<T>> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: http.OutgoingHttpHeaders = {};
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    if (authorization) headers.authorization = authorization;
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.request(new URL(path, this.baseUrl), { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - started;
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), ms });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
