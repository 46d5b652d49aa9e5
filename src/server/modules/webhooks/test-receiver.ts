import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a receiver got. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request. */
export interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A webhook receiver for tests, on 127.0.0.1 and a free port: it keeps every request and answers
 * each with the next queued reply (200 "ok" when none is queued). It counts connections, so a test
 * can show that a refused target was never connected to.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const replies: Reply[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', headers: request.headers, body });
      const reply = replies.shift() ?? { status: 200, body: 'ok' };
      response.writeHead(reply.status, reply.headers ?? { 'content-type': 'text/plain' });
      response.end(reply.body ?? '');
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    /** Queues how the next requests are answered, in order. */
    reply: (...next: Reply[]) => void replies.push(...next),
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
