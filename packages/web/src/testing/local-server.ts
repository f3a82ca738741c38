// A real HTTP server on 127.0.0.1 for the request-layer tests (no fetch mocking): it records what it
// received and answers through a per-test handler. The page URL is moved onto the server's origin so
// calls are same-origin, as they are in the deployed app.
import nodeConsole from 'node:console';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Responder = (request: ReceivedRequest, response: ServerResponse) => void;

export interface LocalServer {
  origin: string;
  received: ReceivedRequest[];
  /** Replaces the handler for the following requests. */
  respond(responder: Responder): void;
  close(): Promise<void>;
}

export async function startLocalServer(responder: Responder = sendJson(200, { code: 0 })): Promise<LocalServer> {
  let current = responder;
  const received: ReceivedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: ReceivedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      current(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    respond: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(status: number, body: unknown, headers: Record<string, string> = {}): Responder {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };
}

export function sendText(status: number, text: string, headers: Record<string, string> = {}): Responder {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    response.end(text);
  };
}

/** Never answers: for timeouts. The connection is cut when the server closes. */
export const neverAnswer: Responder = () => undefined;

/** vitest's happy-dom environment exposes its controller on window; not part of the DOM types. */
interface HappyDomWindow {
  happyDOM: { setURL(url: string): void };
}

/** Moves the test page to `url`, so relative calls go to the local server and location.pathname is known. */
export function setPageUrl(url: string): void {
  (window as unknown as HappyDomWindow).happyDOM.setURL(url);
}

/**
 * happy-dom reports failed calls on the console as a browser does ("GET … 400", "socket hang up").
 * It writes to the console vitest had when it set up the environment, which is Node's own, not the
 * per-test one; tests that fail calls on purpose silence it (undo with vi.restoreAllMocks()).
 */
export function silenceBrowserConsole(): void {
  vi.spyOn(nodeConsole, 'error').mockImplementation(() => undefined);
  vi.spyOn(nodeConsole, 'warn').mockImplementation(() => undefined);
}
