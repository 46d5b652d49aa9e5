import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema/index.ts';
import { signUp } from '../test/test-app.ts';

/** Every line the server logs, as written. */
const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
const logged = () => lines.join('');

const webDir = mkdtempSync(join(tmpdir(), 'tf-web-'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Truck Finder</title>');

let app: FastifyInstance;
beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    DATA_DIR: 'memory://',
    RUN_JOBS: 'false',
  });
  app = await buildApp(config, { logStream, webDir });
  // A route that fails the way an unexpected database error does, to read what the log keeps.
  app.post('/api/test/insert-user', { config: { access: { kind: 'public' } } }, async (request) => {
    const { email } = request.body as { email: string };
    await app.database.db.insert(users).values({
      username: `dup${Date.now()}`,
      email,
      passwordHash: 'x',
      name: 'Duplicate',
      phone: '(214) 555-0100',
      role: 'driver',
    });
    return {};
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('request logs', () => {
  it('never carry a reset token from the page URL or an API query', async () => {
    const secret = 'Zq3SECRETtokenValue_1234567890abcdef';
    const page = await app.inject({ method: 'GET', url: `/reset-password?token=${secret}` });
    expect(page.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/api/health?token=${secret}&session_id=${secret}` });
    await app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?code=${secret}`,
      payload: { token: secret, password: 'a new long password' },
    });

    expect(logged()).toContain('/reset-password?token=%5Bredacted%5D');
    expect(logged()).toContain('/api/health?token=%5Bredacted%5D');
    expect(logged()).not.toContain(secret);
  });

  it('never carry the token of a tracking link, on the page or the API', async () => {
    const secret = 'Zq3TRACKtokenValue_1234567890abcdef';
    await app.inject({ method: 'GET', url: `/track/${secret}` });
    const api = await app.inject({ method: 'GET', url: `/api/track/${secret}` });
    expect(api.statusCode).toBe(404);
    expect(logged()).toContain('/api/track/[redacted]');
    expect(logged()).not.toContain(secret);
  });

  it('keep the rest of the query readable', async () => {
    await app.inject({ method: 'GET', url: '/api/health?city=Dallas' });
    expect(logged()).toContain('/api/health?city=Dallas');
  });
});

describe('database error logs', () => {
  it('name the failure but not the values of the statement', async () => {
    const existing = await signUp(app);
    const email = existing.account.email;
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/insert-user',
      payload: { email },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });

    const failure = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((line) => line.msg === 'request failed');
    expect(logged()).not.toContain(email);
    expect(failure?.err).toMatchObject({ message: expect.stringContaining('Failed query') });
    expect(JSON.stringify(failure?.err)).toContain('23505');
  });
});
