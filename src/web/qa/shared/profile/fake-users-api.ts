import type { PublicUser } from '#core/users/schemas.ts';
import { updateUserSchema } from '#core/users/schemas.ts';
import type { QaClient, QaMethod, QaResponse } from '../qa-client.ts';
import type { TestAccount } from '../test-accounts.ts';
import { userPath } from './users-api.ts';

/**
 * For unit tests: `GET` and `PATCH /api/users/{id}` of one user, validated with core's schema and
 * answering as the server does (`{error, fields}` with dotted field paths). `quirks` break it.
 */
export function fakeUsersApi(
  user: PublicUser,
  quirks: { readStatus?: number; ignoreUpdates?: boolean; acceptAnything?: boolean } = {},
) {
  let stored: PublicUser = structuredClone(user);
  const calls: string[] = [];
  const answer = <T>(method: QaMethod, path: string, status: number, body: unknown) =>
    ({
      method,
      path,
      status,
      ok: status >= 200 && status < 300,
      body,
      message: status < 300 ? 'OK' : ((body as { error?: string }).error ?? 'Error'),
      ms: 1,
    }) as QaResponse<T>;
  const notFound = <T>(method: QaMethod, path: string) =>
    answer<T>(method, path, 404, { error: `Not found: ${method} ${path}` });

  const client: QaClient = {
    async get<T>(path: string) {
      calls.push(`GET ${path}`);
      if (path !== userPath(stored.id)) return notFound<T>('GET', path);
      if (quirks.readStatus) return answer<T>('GET', path, quirks.readStatus, { error: 'Broken' });
      return answer<T>('GET', path, 200, structuredClone(stored));
    },
    async patch<T>(path: string, body?: unknown) {
      calls.push(`PATCH ${path}`);
      if (path !== userPath(stored.id)) return notFound<T>('PATCH', path);
      const parsed = updateUserSchema.safeParse(body);
      if (!parsed.success && !quirks.acceptAnything) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
        return answer<T>('PATCH', path, 400, { error: Object.values(fields)[0], fields });
      }
      const changes = (parsed.success ? parsed.data : body) as Partial<PublicUser>;
      if (!quirks.ignoreUpdates) stored = { ...stored, ...structuredClone(changes) };
      return answer<T>('PATCH', path, 200, structuredClone(stored));
    },
    post: async <T>(path: string) => notFound<T>('POST', path),
    put: async <T>(path: string) => notFound<T>('PUT', path),
    delete: async <T>(path: string) => notFound<T>('DELETE', path),
  };

  const account: TestAccount = {
    user: structuredClone(user),
    email: user.email,
    password: 'Qa-password',
    token: 'token',
    api: {} as never,
    client,
  };
  return { client, account, calls, stored: () => stored };
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
  createdAt: '2025-01-05T12:00:00.000Z',
  ...overrides,
});
