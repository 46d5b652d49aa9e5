import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../test/event-stream.ts';
import { createTestApp } from '../test/test-app.ts';

/**
 * A server draining before it closes (http/draining.ts, main.ts on SIGTERM): the load balancer's
 * health check fails while everything else is still answered, on connections that close after
 * the answer; open event streams last until the close, which ends them.
 */
describe('draining before a shutdown', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let closed = false;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    if (!closed) await t.close();
  });

  it('answers health 503 and everything else as before, closing each connection, then ends the streams on close', async () => {
    const address = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    const before = await fetch(`${base}/api/providers/summary`);
    expect(before.status).toBe(200);
    expect(before.headers.get('connection')).not.toBe('close');
    const stream = await openEventStream(base);

    t.app.draining.start();
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ error: 'Server restarting' });
    const spanish = await fetch(`${base}/api/health`, { headers: { 'accept-language': 'es' } });
    expect(await spanish.json()).toEqual({ error: 'El servidor se está reiniciando' });

    const during = await fetch(`${base}/api/providers/summary`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    await during.body?.cancel();
    expect(stream.ended).toBe(false);

    closed = true;
    await t.close();
    await stream.ends();
  });
});
