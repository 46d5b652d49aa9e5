import http from 'node:http';

/** The balancer's health check: every 250 ms, out after 2 failures, back after 2 passes. */
export const CHECK_EVERY_MS = 250;
export const FALL = 2;
export const RISE = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Backend {
  port: number;
  inRotation: boolean;
  passes: number;
  failures: number;
}

/**
 * A load balancer as HAProxy or a cloud balancer runs one: round robin over the backends in
 * rotation, an active health check (GET /api/health every 250 ms; out after 2 failures, back after
 * 2 passes), kept-alive connections to the backends, no retries (a request a backend drops
 * answers 502).
 */
export function startBalancer(backends: Backend[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const stats = { proxied: 0, noBackend: 0, upstreamErrors: 0 };
  let next = 0;
  let checking = true;
  const check = async (backend: Backend) => {
    let ok = false;
    try {
      const response = await fetch(`http://127.0.0.1:${backend.port}/api/health`, {
        signal: AbortSignal.timeout(1_000),
      });
      ok = response.status === 200;
      await response.body?.cancel();
    } catch {
      ok = false;
    }
    if (ok) {
      backend.failures = 0;
      if (!backend.inRotation && ++backend.passes >= RISE) backend.inRotation = true;
    } else {
      backend.passes = 0;
      if (backend.inRotation && ++backend.failures >= FALL) backend.inRotation = false;
    }
  };
  void (async () => {
    while (checking) {
      await Promise.all(backends.map(check));
      await sleep(CHECK_EVERY_MS);
    }
  })();
  const server = http.createServer((request, response) => {
    const inRotation = backends.filter((b) => b.inRotation);
    const backend = inRotation[next++ % Math.max(1, inRotation.length)];
    if (!backend) {
      stats.noBackend += 1;
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"error":"no server in rotation"}');
      return;
    }
    stats.proxied += 1;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        const headers = { ...answer.headers };
        // The balancer keeps its own client connections; the server's `close` is for its hop.
        delete headers.connection;
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      stats.upstreamErrors += 1;
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end('{"error":"bad gateway"}');
      } else response.destroy();
    });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  return {
    stats,
    listen: (port: number) =>
      new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    close: async () => {
      checking = false;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
