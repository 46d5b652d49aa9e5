import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../core/bookings/schemas.ts';
import {
  sampleValid,
  seededRandom,
  type JsonSchema,
  type Random,
} from '../test/json-schema-sample.ts';
import { multipartFile } from '../test/multipart.ts';
import { insertOwnedProvider } from '../test/providers.ts';
import { createCast } from '../test/cast.ts';
import { tinyPng } from '../test/png.ts';
import { createTestApp, sessionCookie, signUp } from '../test/test-app.ts';

/**
 * Every operation of the OpenAPI document, fed inputs generated from its schema (good ones) and
 * broken ones (wrong types, huge strings, unicode, null bytes, deep JSON, odd numbers, bad ids,
 * extra properties, bad query strings and content types), signed out and signed in as a caller
 * the route admits (an admin, or the role it demands). Every answer must cost at most
 * WORK_LIMIT_MS of this process's CPU time and come at all within HANG_LIMIT_MS, never be a 5xx,
 * and every 4xx must be `{"error", "fields"?}` (docs/api.md).
 * Reproduce a failure with FUZZ_SEED=<seed printed in the failure>; FUZZ_CASES=<n> sends up to n
 * requests per operation and caller instead of the quick draw (FUZZ_CASES=1000 sends them all).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/**
 * Slow inputs (a regular expression that backtracks, a huge body parsed) show as CPU time, which
 * a busy machine does not stretch as it stretches the clock; the clock only catches a hang.
 */
const WORK_LIMIT_MS = 2_000;
const HANG_LIMIT_MS = 20_000;
/** Broken bodies per operation and caller, drawn from (property × bad value). */
const BAD_PROPERTY_CASES = 14;
/**
 * Requests per operation: the good ones plus a seeded draw from every broken one generated, so
 * the suite stays fast; another FUZZ_SEED draws others.
 */
const SIGNED_IN_CASES = Number(process.env.FUZZ_CASES ?? 30);
const SIGNED_OUT_CASES = Number(process.env.FUZZ_CASES ?? 10);
/** Calls under /api/auth/ hash passwords or end the session (which then signs in again). */
const AUTH_CASES = Number(process.env.FUZZ_CASES ?? 14);
/** The event stream stays open by design: it is checked over a real connection below. */
const STREAM_OPERATION = 'GET /api/events';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  key: string;
  method: Method;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  multipart: boolean;
}
interface Case {
  label: string;
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const t = await createTestApp({ rateLimitPerMinute: 1_000_000 });
afterAll(() => t.close());

const doc = t.app.swagger() as unknown as {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
const refs = doc.components?.schemas ?? {};
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> })
      ?.content;
    const upper = method.toUpperCase() as Method;
    return {
      key: `${upper} ${path}`,
      method: upper,
      path,
      parameters: (op.parameters as Parameter[] | undefined) ?? [],
      body: content?.['application/json']?.schema ?? null,
      multipart: ((op.consumes as string[] | undefined) ?? []).includes('multipart/form-data'),
    };
  }),
);

/* Callers: a driver, a mechanic with a business, an admin; they are never the targets below. */
const { driver, mechanic, admin } = await createCast(t.app);
const callers = { driver, mechanic, admin };
type CallerName = keyof typeof callers;

/* Targets: real objects that ids in good inputs point at (an admin may suspend or edit them). */
const targetDriver = await signUp(t.app);
const targetMechanic = await signUp(t.app, { role: 'mechanic' });
const targetProvider = await insertOwnedProvider(t.app.database.db, targetMechanic.user.id);
const booked = await t.api({
  method: 'POST',
  url: '/api/bookings',
  headers: { cookie: targetDriver.cookie },
  payload: {
    providerId: targetProvider.id,
    serviceType: 'Brake Repair',
    preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
  },
});
const ids = [targetDriver.user.id, targetMechanic.user.id, targetProvider.id, booked.json().id];

/** Who may call each route, from the route table: the fuzzing caller is one it admits. */
const accessOf = new Map(
  t.app.apiRoutes.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access]),
);
function signedInCaller(key: string): CallerName {
  const rule = accessOf.get(key);
  if (rule?.kind !== 'role' || rule.roles.includes('admin')) return 'admin';
  return rule.roles.includes('driver') ? 'driver' : 'mechanic';
}

let addressCounter = 0;
/** A new client address per request, so per-address limits do not hide the handlers. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function liveCookie(name: CallerName) {
  const caller = callers[name];
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { cookie: caller.cookie },
  });
  if (me.statusCode === 200) return caller.cookie;
  // A fuzzed call ended the session (sign out, sign out everywhere): sign in again.
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextAddress(),
    payload: { email: caller.account.email, password: caller.account.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  caller.cookie = sessionCookie(login)!;
  return caller.cookie;
}

/* ---------------------------------------------------------------- bad values */

const MEGABYTE = 'x'.repeat(1024 * 1024);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** Values for a JSON property that its schema should refuse (or that must at least not break). */
const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  -0.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER * 1000,
  0.1 + 0.2,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x1F',
  '',
  ' ',
  'x'.repeat(10_000),
  'nul\u0000byte',
  '\u0000',
  '\u202Eevil.exe\u202C',
  'שלום עולם مرحبا',
  '🚚🔧👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0302\u0303\u0304\u0305\u0306',
  'Z̸̡̛̲͚͎̈́̾a̷̢̘̓l̶͕̃g̴̰̅o̵͔̍',
  '\uD800',
  '\uDFFF\uD800',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '../../../../etc/passwd',
  '%00%ff',
  '${7*7}{{7*7}}',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  randomUUID(),
  '2024-02-30',
  '0000-00-00T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  [],
  [1, 'two', null],
  {},
  { nested: { deeper: ['x'] } },
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
];

const BAD_PATH_SEGMENTS = [
  'not-a-uuid',
  randomUUID(),
  '0',
  '-1',
  '1e999',
  'x'.repeat(5_000),
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent('🚚\u202E'),
  encodeURIComponent("1' OR '1'='1"),
  '00000000-0000-0000-0000-000000000000',
  `${randomUUID()}%00`,
];

const BAD_QUERY_VALUES = [
  'abc',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '',
  '\u0000',
  '🚚\u202E',
  'x'.repeat(100_000),
  '[object Object]',
  '0x10',
  '99999999999999999999999',
  "' OR 1=1 --",
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/json, text/html',
];

/* ---------------------------------------------------------------- case generation */

function stringParam(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v));
  if (value === undefined) return [];
  return [String(value)];
}

function goodParts(op: Operation, random: Random) {
  const path: Record<string, string> = {};
  const query: [string, string][] = [];
  const headers: Record<string, string> = {};
  for (const p of op.parameters) {
    const value = sampleValid(p.schema, random, { refs, ids });
    if (p.in === 'path') path[p.name] = encodeURIComponent(String(value));
    else if (p.in === 'query') {
      if (p.required || random.chance(0.5))
        for (const v of stringParam(value)) query.push([p.name, v]);
    } else if (p.in === 'header' && (p.required || random.chance(0.5)) && typeof value === 'string')
      headers[p.name] = value.replace(/[^\x20-\x7e]/g, 'x');
  }
  const body = op.body ? sampleValid(op.body, random, { refs, ids }) : undefined;
  return { path, query, headers, body };
}

function buildUrl(op: Operation, path: Record<string, string>, query: [string, string][]) {
  const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? randomUUID());
  if (!query.length) return filled;
  return `${filled}?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}

const json = (value: unknown) => ({
  payload: JSON.stringify(value),
  type: { 'content-type': 'application/json' },
});

function casesFor(op: Operation, random: Random, full: boolean): Case[] {
  const cases: Case[] = [];
  const base = goodParts(op, random);
  const add = (
    label: string,
    parts: Partial<typeof base> & { url?: string; raw?: string | Buffer; type?: string },
  ) => {
    const p = { ...base, ...parts };
    const encoded: { payload?: string | Buffer; type?: Record<string, string> } =
      p.raw !== undefined ? { payload: p.raw } : p.body === undefined ? {} : json(p.body);
    cases.push({
      label,
      method: op.method,
      url: parts.url ?? buildUrl(op, p.path, p.query),
      headers: {
        ...p.headers,
        ...encoded.type,
        ...(parts.type ? { 'content-type': parts.type } : {}),
      },
      ...(encoded.payload !== undefined ? { payload: encoded.payload } : {}),
    });
  };

  // Good inputs, from the schema.
  for (let i = 0; i < 3; i++) {
    const good = goodParts(op, random);
    add(`good #${i + 1}`, good);
  }
  if (!full) {
    // A caller the route refuses is answered before validation: a few shapes are enough.
    add('extra property', { body: { ...(base.body as object), extra: 'x' } });
    add('deep JSON', { raw: deepObject(10_000), type: 'application/json' });
    add('bad id', {
      path: Object.fromEntries(Object.keys(base.path).map((k) => [k, 'not-a-uuid'])),
    });
    add('garbage cookie', { headers: { ...base.headers, cookie: 'tf_session=garbage' } });
    return cases;
  }

  // Path parameters.
  for (const name of Object.keys(base.path))
    for (const segment of BAD_PATH_SEGMENTS)
      add(`path ${name}=${segment.slice(0, 40)}`, { path: { ...base.path, [name]: segment } });

  // Query strings.
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  for (const p of queryParams) {
    for (const value of [
      random.pick(BAD_QUERY_VALUES),
      random.pick(BAD_QUERY_VALUES),
      MEGABYTE.slice(0, 50_000),
    ])
      add(`query ${p.name}=${value.slice(0, 30)}`, {
        query: [...base.query.filter(([k]) => k !== p.name), [p.name, value]],
      });
    const good = stringParam(sampleValid(p.schema, random, { refs, ids }))[0] ?? '1';
    add(`query ${p.name} twice`, { query: [...base.query, [p.name, good], [p.name, 'other']] });
    add(`query ${p.name}[]`, { query: [...base.query, [`${p.name}[]`, good]] });
    add(`query ${p.name}[a]`, { query: [...base.query, [`${p.name}[a]`, good]] });
  }
  const path = buildUrl(op, base.path, []);
  add('query: unknown parameter', { query: [...base.query, ['unknownParameter', '1']] });
  add('query: broken percent-encoding', { url: `${path}?q=%E0%A4%A&%%=1&a=%00` });
  add('query: empty pairs', { url: `${path}?&&&=&=x&` });

  // Headers.
  for (const p of op.parameters.filter((p) => p.in === 'header'))
    for (const value of ['', 'x', 'x'.repeat(10_000), '\t', '../../'])
      add(`header ${p.name}=${value.slice(0, 20)}`, {
        headers: { ...base.headers, [p.name]: value },
      });
  add('garbage cookie', { headers: { ...base.headers, cookie: 'tf_session=garbage' } });
  add('huge cookie', { headers: { ...base.headers, cookie: `tf_session=${'a'.repeat(8_000)}` } });

  // Bodies: every method that takes one gets broken ones, documented body or not.
  if (op.method !== 'GET') {
    const good = op.body ? sampleValid(op.body, random, { refs, ids }) : {};
    for (const value of [null, [], 'text', 42, true, {}, [good]])
      add(`body ${JSON.stringify(value).slice(0, 20)}`, { body: value });
    add('body: extra property', {
      body: typeof good === 'object' && good ? { ...good, unexpectedField: 'x' } : good,
    });
    add('body: deep object (10 000 levels)', { raw: deepObject(10_000), type: 'application/json' });
    add('body: deep array (10 000 levels)', { raw: deepArray(10_000), type: 'application/json' });
    add('body: invalid JSON', { raw: '{"a":', type: 'application/json' });
    add('body: empty with JSON type', { raw: '', type: 'application/json' });
    add('body: duplicate keys', { raw: '{"a":1,"a":2}', type: 'application/json' });
    add('body: __proto__', {
      raw: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}',
      type: 'application/json',
    });
    add('body: over the size limit', { body: { ...(good as object), huge: MEGABYTE } });
    for (const type of CONTENT_TYPES)
      add(`content-type ${type}`, { raw: JSON.stringify(good), type });
    add('body without content-type', { raw: JSON.stringify(good), headers: { ...base.headers } });

    const properties = Object.keys(op.body?.properties ?? {});
    if (properties.length && good && typeof good === 'object' && !Array.isArray(good)) {
      for (let i = 0; i < BAD_PROPERTY_CASES; i++) {
        const key = random.pick(properties);
        const value = random.pick(BAD_VALUES);
        add(`body ${key}=${JSON.stringify(value)?.slice(0, 30)}`, {
          body: { ...good, [key]: value },
        });
      }
      add(`body: a 1 MB ${properties[0]}`, { body: { ...good, [properties[0]!]: MEGABYTE } });
      for (const key of op.body?.required ?? []) {
        const { [key]: _dropped, ...rest } = good as Record<string, unknown>;
        add(`body without ${key}`, { body: rest });
      }
    }
  }

  if (op.multipart) {
    const png = tinyPng();
    const form = (data: Buffer, options: Parameters<typeof multipartFile>[1]) =>
      multipartFile(data, options);
    const field = op.path.endsWith('/avatar') ? 'avatar' : 'photo';
    const variants: [string, { headers: Record<string, string>; payload: Buffer }][] = [
      ['multipart: a real PNG', form(png, { field })],
      ['multipart: wrong field', form(png, { field: 'other' })],
      ['multipart: text as image', form(Buffer.from('hello'), { field })],
      [
        'multipart: PNG signature, then noise',
        form(Buffer.concat([png.subarray(0, 8), Buffer.alloc(64, 7)]), { field }),
      ],
      ['multipart: unicode filename', form(png, { field, filename: '\u202Egnp.exe🚚.png' })],
      ['multipart: huge filename', form(png, { field, filename: `${'a'.repeat(5_000)}.png` })],
      ['multipart: empty file', form(Buffer.alloc(0), { field })],
    ];
    for (const [label, v] of variants)
      add(label, { raw: v.payload, type: v.headers['content-type'] });
    add('multipart: no boundary', { raw: png, type: 'multipart/form-data' });
    add('multipart: garbage', {
      raw: Buffer.from('--x\r\n\r\n--'),
      type: 'multipart/form-data; boundary=x',
    });
    const two = form(png, { field });
    const boundary = two.headers['content-type'].split('boundary=')[1]!;
    const twice = Buffer.concat([
      two.payload.subarray(0, two.payload.length - `--${boundary}--\r\n`.length),
      two.payload.subarray(two.payload.indexOf('--')),
    ]);
    add('multipart: two files', { raw: twice, type: two.headers['content-type'] });
  }
  return cases;
}

/* ---------------------------------------------------------------- checking answers */

function errorShapeProblem(body: string, contentType: string | undefined): string | null {
  if (!contentType?.includes('application/json')) return `content-type ${contentType}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'body is not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return 'body is not an object';
  const { error, fields, ...rest } = parsed as Record<string, unknown>;
  if (typeof error !== 'string' || !error) return 'no "error" string';
  if (Object.keys(rest).length) return `unexpected keys ${Object.keys(rest).join(', ')}`;
  if (fields !== undefined) {
    if (!fields || typeof fields !== 'object' || Array.isArray(fields))
      return '"fields" is not an object';
    if (Object.values(fields).some((v) => typeof v !== 'string'))
      return 'a "fields" value is not a string';
  }
  return null;
}

const preview = (payload: Case['payload']) => {
  if (payload === undefined) return '(none)';
  const text = Buffer.isBuffer(payload) ? payload.toString('latin1') : payload;
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text;
};

async function send(c: Case, cookie: string | undefined): Promise<string | null> {
  const started = process.cpuUsage();
  let timer: NodeJS.Timeout | undefined;
  const answer = await Promise.race([
    t.app.inject({
      method: c.method,
      url: c.url,
      remoteAddress: nextAddress(),
      headers: { ...(cookie ? { cookie } : {}), ...c.headers },
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    }),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), HANG_LIMIT_MS);
    }),
  ]);
  clearTimeout(timer);
  const work = process.cpuUsage(started);
  const ms = Math.round((work.user + work.system) / 1000);
  const request = `${c.method} ${c.url.slice(0, 200)} headers=${JSON.stringify(c.headers).slice(0, 200)} body=${preview(c.payload)}`;
  if (!answer) return `[${c.label}] no answer within ${HANG_LIMIT_MS} ms: ${request}`;
  if (ms > WORK_LIMIT_MS) return `[${c.label}] answered after ${ms} ms of CPU time: ${request}`;
  if (answer.statusCode >= 500)
    return `[${c.label}] ${answer.statusCode} ${answer.body.slice(0, 200)}: ${request}`;
  if (answer.statusCode >= 400) {
    const problem = errorShapeProblem(answer.body, answer.headers['content-type'] as string);
    if (problem)
      return `[${c.label}] ${answer.statusCode} not in the error shape (${problem}): ${answer.body.slice(0, 200)}: ${request}`;
  }
  return null;
}

/** The good cases and a seeded draw of `size` in all. */
function draw(cases: Case[], size: number, random: Random) {
  const good = cases.filter((c) => c.label.startsWith('good'));
  const rest = cases.filter((c) => !c.label.startsWith('good'));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [...good, ...rest.slice(0, Math.max(0, size - good.length))];
}

function seedFor(key: string) {
  let hash = SEED;
  for (const ch of key) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

/* ---------------------------------------------------------------- the tests */

describe(`fuzzing every operation of the OpenAPI document (FUZZ_SEED=${SEED})`, () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(50);
    // Every API route is in the document, so none escapes the fuzzing.
    const documented = new Set(operations.map((o) => o.key));
    const undocumented = [...accessOf.keys()].filter((key) => !documented.has(key));
    expect(undocumented).toEqual([]);
  });

  for (const op of operations.filter((o) => o.key !== STREAM_OPERATION)) {
    it(op.key, { timeout: 60_000 }, async () => {
      const random = seededRandom(seedFor(op.key));
      const failures: string[] = [];
      const isPublic = accessOf.get(op.key)?.kind === 'public' || !op.path.startsWith('/api/');
      const caller = signedInCaller(op.key);
      for (const c of draw(casesFor(op, random, isPublic), SIGNED_OUT_CASES, random)) {
        const failure = await send(c, undefined);
        if (failure) failures.push(`signed out ${failure}`);
      }
      // Calls under /api/auth/ may end the session they are sent with.
      const endsSessions = op.path.startsWith('/api/auth/');
      let cookie = await liveCookie(caller);
      const size = endsSessions ? AUTH_CASES : SIGNED_IN_CASES;
      for (const c of draw(casesFor(op, random, true), size, random)) {
        if (endsSessions) cookie = await liveCookie(caller);
        const failure = await send(c, cookie);
        if (failure) failures.push(`as ${caller} ${failure}`);
      }
      expect(
        failures,
        `FUZZ_SEED=${SEED}: ${failures.length} bad answers for ${op.key}:\n${failures.slice(0, 20).join('\n')}`,
      ).toEqual([]);
    });
  }

  it('answers in the error shape what fuzzing once broke', async () => {
    const cookie = await liveCookie('admin');
    const cases: [string, string, unknown?][] = [
      // The router's own refusals, before any route runs.
      ['GET', `/api/users/${'x'.repeat(200)}`],
      ['GET', '/api/providers/%E0%A4%A'],
      ['GET', `/uploads/${'x'.repeat(200)}`],
      // A day that is not a date made the date check throw.
      ['GET', '/api/admin/export/bookings.csv?from=xxxx&to=2026-01-01'],
      ['GET', '/api/admin/bookings?to=1e309'],
      ['GET', '/api/admin/audit?from=Infinity'],
      // Settings for a user that does not exist broke the foreign key.
      [
        'PUT',
        `/api/reminder-settings/${randomUUID()}`,
        { emailEnabled: true, smsEnabled: false, pushEnabled: false, daysBefore: [3] },
      ],
    ];
    const failures: string[] = [];
    for (const [method, url, body] of cases) {
      const failure = await send(
        {
          label: 'regression',
          method: method as Method,
          url,
          headers: body ? { 'content-type': 'application/json' } : {},
          ...(body ? { payload: JSON.stringify(body) } : {}),
        },
        cookie,
      );
      if (failure) failures.push(failure);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it(`${STREAM_OPERATION} opens at once for anyone, whatever the query or cookie, and closes on abort`, async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const variants: [string, Record<string, string>][] = [
      ['', {}],
      ['?lastEventId=%00&x=%E0%A4%A', {}],
      // Longer addresses get Node's own 431 before the app sees them.
      [`?${'a'.repeat(8_000)}=1`, {}],
      ['', { cookie: 'tf_session=garbage' }],
      ['', { cookie: await liveCookie('admin') }],
      ['', { 'last-event-id': 'x'.repeat(5_000) }],
    ];
    for (const [query, headers] of variants) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), HANG_LIMIT_MS);
      const response = await fetch(`${base}/api/events${query}`, {
        headers,
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      clearTimeout(timer);
      controller.abort();
      expect(
        response.status,
        `FUZZ_SEED=${SEED} ${query.slice(0, 50)} ${JSON.stringify(headers).slice(0, 80)}`,
      ).toBe(200);
      expect(first).toContain(': connected');
    }
  });
});
