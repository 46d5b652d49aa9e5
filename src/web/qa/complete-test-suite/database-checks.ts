import { serviceOptionsFor } from '#core/providers/catalog.ts';
import { expectStatus, expectThat } from '../shared/checks.ts';
import { anonymousApi } from '../shared/qa-api.ts';
import { TEST_DATA_PREFIX, testAccountDetails } from '../shared/test-accounts.ts';
import {
  bookingRequest,
  findDallasProvider,
  registerAccount,
  shortId,
  type SuiteCheck,
} from './context.ts';

export const databaseChecks: readonly SuiteCheck[] = [
  {
    id: 'db-health',
    name: 'Health check answers ok (GET /api/health)',
    async run() {
      const response = expectStatus(await anonymousApi.get('/health'), 200);
      expectThat(response.body?.status === 'ok', `Status is ${response.body?.status}`, response);
      return { detail: `Database ${response.body.database} answers`, response };
    },
  },
  {
    id: 'db-read-your-write',
    name: 'A profile change reads back at once',
    async run(context) {
      const { driver } = context;
      const location = `${TEST_DATA_PREFIX} location ${crypto.randomUUID().slice(0, 8)}`;
      const profile = { params: { path: { id: driver.user.id } } };
      const written = expectStatus(
        await driver.api.patch('/users/{id}', { ...profile, body: { location } }),
        200,
      );
      expectThat(written.body?.location === location, 'The answer shows the old value', written);
      const response = expectStatus(await driver.api.get('/users/{id}', profile), 200);
      expectThat(
        response.body?.location === location,
        `Read back '${response.body?.location}' instead of '${location}'`,
        response,
      );
      return { detail: `Wrote and read back '${location}'`, response };
    },
  },
  {
    id: 'db-unique-email',
    name: 'Email is unique: registering it again refused (409)',
    async run(context) {
      const details = { ...testAccountDetails('driver'), email: context.driver.email };
      const response = await registerAccount(context, details);
      expectThat(
        response.status !== 201,
        'A second account with the same email was created',
        response,
      );
      expectStatus(response, 409);
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
  {
    id: 'db-idempotent-booking',
    name: 'Idempotency-Key replay gives the same booking',
    async run(context) {
      const { driver } = context;
      const provider = await findDallasProvider(context);
      const serviceType = serviceOptionsFor(provider.serviceType)[0]!;
      const key = `qa-test-${crypto.randomUUID()}`;
      const body = bookingRequest(provider, serviceType, 'idempotency replay');
      const send = (payload: typeof body) =>
        driver.api.post('/bookings', {
          body: payload,
          params: { header: { 'idempotency-key': key } },
        });
      const first = expectStatus(await send(body), 201);
      try {
        const replay = expectStatus(await send(body), 201, 200);
        expectThat(
          replay.body?.id === first.body.id,
          `The replay made another booking (${shortId(replay.body?.id ?? '?')})`,
          replay,
        );
        const other = await send({ ...body, description: `${body.description} (changed)` });
        expectThat(
          other.status === 422,
          `The same key with another body: expected 422, got ${other.status}: ${other.message}`,
          other,
        );
        return {
          detail: `Replay answered booking ${shortId(first.body.id)} again; another body with the key refused (422)`,
          response: replay,
        };
      } finally {
        await driver.api.patch('/bookings/{id}', {
          params: { path: { id: first.body.id } },
          body: { status: 'cancelled' },
        });
      }
    },
  },
  {
    id: 'db-referential-integrity',
    name: 'A booking for a provider that does not exist refused (404)',
    async run(context) {
      const response = await context.driver.api.post('/bookings', {
        body: {
          providerId: crypto.randomUUID(),
          serviceType: 'Tire Repair',
          description: `${TEST_DATA_PREFIX} booking for a missing provider`,
        },
      });
      if (response.status === 201 && response.body?.id)
        await context.driver.api.patch('/bookings/{id}', {
          params: { path: { id: response.body.id } },
          body: { status: 'cancelled' },
        });
      expectStatus(response, 404);
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
];
