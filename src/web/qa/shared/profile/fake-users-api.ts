import type { PublicUser } from '#core/users/schemas.ts';
import { updateUserSchema } from '#core/users/schemas.ts';
import { apiUrl, type Transport } from '#web/api/client.ts';
import { testAccount } from '../test-accounts.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * For unit tests: a fake server behind `fetch` that answers `GET` and `PATCH /api/users/{id}` of
 * one user, validated with core's schema and answering as the server does (`{error, fields}` with
 * dotted field paths), anything else 404. `account.api` calls it through the real typed client
 * (`fetch` is the server itself, for a test that stubs the global); `calls` lists what was asked
 * ("PATCH /api/users/…"). `quirks` break it.
 */
export function fakeUsersApi(
  user: PublicUser,
  quirks: { readStatus?: number; ignoreUpdates?: boolean; acceptAnything?: boolean } = {},
) {
  let stored: PublicUser = structuredClone(user);
  const calls: string[] = [];
  const address = apiUrl('/users/{id}', { params: { path: { id: user.id } } });

  const server: Transport = async (url, init) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    const notFound = () => json(404, { error: `Not found: ${method} ${url}` });
    if (url !== address) return notFound();
    if (method === 'GET') {
      if (quirks.readStatus) return json(quirks.readStatus, { error: 'Broken' });
      return json(200, stored);
    }
    if (method !== 'PATCH') return notFound();
    const body: unknown = JSON.parse(String(init.body));
    const parsed = updateUserSchema.safeParse(body);
    if (!parsed.success && !quirks.acceptAnything) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      return json(400, { error: Object.values(fields)[0], fields });
    }
    const changes = (parsed.success ? parsed.data : body) as Partial<PublicUser>;
    if (!quirks.ignoreUpdates) stored = { ...stored, ...structuredClone(changes) };
    return json(200, stored);
  };

  const account = testAccount(
    { user: structuredClone(user), email: user.email, password: 'Qa-password' },
    'token',
    server,
  );
  return { fetch: server, account, calls, stored: () => stored };
}

export const sampleDriver = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  id: '6f0b5d4e-1c2a-4b3d-8e9f-0a1b2c3d4e5f',
  username: 'qa_test_1',
  email: 'qa-test-1@example.com',
  name: 'QA Test Driver',
  role: 'driver',
  phone: '2145550100',
  location: 'Dallas, TX',
  aaaMemberId: null,
  company: null,
  cdlNumber: null,
  vehicleInfo: {},
  avatarUrl: null,
  settings: { pushNotifications: true, locationServices: true, emailUpdates: false },
  contacts: { emailConfirmed: true, phoneConfirmed: true },
  language: null,
  theme: 'system',
  createdAt: '2025-01-05T12:00:00.000Z',
  ...overrides,
});
