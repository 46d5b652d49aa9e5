/** GET /api/admin/dashboard against GET /api/health through the real app (`app.inject`). */
import { type FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { cpuMeter, type CpuReading } from '../lib/cpu.ts';
import { summarize, type Summary } from '../lib/stats.ts';
import { progress } from '../lib/scratch.ts';
import { REQUESTS, WARMUP, ADMIN } from './options.ts';
import { exec } from './fill.ts';

export interface HttpTiming {
  dashboard: Summary;
  health: Summary;
  dashboardBytes: number;
  cpu: CpuReading;
}

const sessionOf = (response: Awaited<ReturnType<FastifyInstance['inject']>>, step: string) => {
  const cookie = response.cookies.find((c) => c.name === 'tf_session');
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`${step} answered ${response.statusCode}: ${response.body}`);
  return `tf_session=${cookie.value}`;
};

/**
 * An admin session as the console asks for one: the admin signs in with the password, turns on
 * two-step sign-in (docs/decisions/037-second-factor.md) and signs in again with a code.
 */
export async function signIn(app: FastifyInstance): Promise<string> {
  const { db } = app.database;
  await exec(
    db,
    `insert into users (username, email, password_hash, role, name, phone)
     values ('benchadmin', '${ADMIN.email}', '${await hashPassword(ADMIN.password)}', 'admin',
             'Bench Admin', '555-0000000')`,
  );
  const login = (code?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN.email, password: ADMIN.password, ...(code ? { code } : {}) },
    });
  const cookie = sessionOf(await login(), 'admin login');
  const setup = await app.inject({
    method: 'POST',
    url: '/api/auth/mfa/totp/setup',
    headers: { cookie },
  });
  const { secret } = setup.json<{ secret: string }>();
  const code = () => TOTP.generate({ secret: Secret.fromBase32(secret) });
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/auth/mfa/totp/enable',
    headers: { cookie },
    payload: { code: code() },
  });
  if (enabled.statusCode !== 200)
    throw new Error(`two-step setup answered ${enabled.statusCode}: ${enabled.body}`);
  // The enrolment used this 30-second step's code; a second sign-in in the same step may reuse it.
  await exec(db, `update totp_secrets set last_used_step = null`);
  return sessionOf(await login(code()), 'admin login with a code');
}

/**
 * One request at a time through app.inject: after the warm-up, dashboard and health requests
 * alternate, so both see the same machine (it is shared and its speed varies).
 */
export async function measureHttp(app: FastifyInstance, cookie: string): Promise<HttpTiming> {
  const get = async (url: string) => {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    const elapsed = performance.now() - start;
    if (response.statusCode !== 200)
      throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
    return { ms: elapsed, bytes: response.rawPayload.length };
  };
  progress(`HTTP: warm-up, ${WARMUP} requests of each route`);
  let dashboardBytes = 0;
  for (let i = 0; i < WARMUP; i++) {
    dashboardBytes = (await get('/api/admin/dashboard')).bytes;
    await get('/api/health');
  }
  progress(
    `HTTP: ${REQUESTS} GET /api/admin/dashboard and ${REQUESTS} GET /api/health, alternating`,
  );
  const dashboardMs: number[] = [];
  const healthMs: number[] = [];
  const meter = cpuMeter();
  for (let i = 0; i < REQUESTS; i++) {
    dashboardMs.push((await get('/api/admin/dashboard')).ms);
    healthMs.push((await get('/api/health')).ms);
  }
  return {
    dashboard: summarize(dashboardMs),
    health: summarize(healthMs),
    dashboardBytes,
    cpu: meter(),
  };
}
