import { expectStatus, expectThat } from '../shared/checks.ts';
import { anonymousApi, offContract } from '../shared/qa-api.ts';
import { testAccountDetails } from '../shared/test-accounts.ts';
import { fieldMessagesOf, registerAccount, type SuiteCheck } from './context.ts';

export const securityChecks: readonly SuiteCheck[] = [
  {
    id: 'security-admin-only',
    name: 'Admin endpoint refused to a driver (403)',
    async run(context) {
      const response = expectStatus(await context.driver.api.get('/admin/dashboard'), 403);
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
  {
    id: 'security-other-user',
    name: "Another user's data refused (403)",
    async run(context) {
      const { driver, mechanic } = context;
      const profile = expectStatus(
        await driver.api.get('/users/{id}', { params: { path: { id: mechanic.user.id } } }),
        403,
      );
      const payments = expectStatus(
        await driver.api.get('/payments/user/{userId}', {
          params: { path: { userId: mechanic.user.id } },
        }),
        403,
      );
      return {
        detail: `The driver cannot read the mechanic's profile (${profile.status}) or payments (${payments.status})`,
        response: payments,
      };
    },
  },
  {
    id: 'security-signed-out',
    name: 'Signed-out call refused (401)',
    async run() {
      const me = expectStatus(await anonymousApi.get('/auth/me'), 401);
      const bookings = expectStatus(await anonymousApi.get('/bookings'), 401);
      return {
        detail: `Without a session: /api/auth/me ${me.status}, /api/bookings ${bookings.status} (${bookings.message})`,
        response: bookings,
      };
    },
  },
  {
    id: 'security-field-validation',
    name: 'Malformed input refused with field messages (400)',
    async run(context) {
      const { driver } = context;
      const response = expectStatus(
        await driver.api.patch('/users/{id}', {
          params: { path: { id: driver.user.id } },
          body: { name: 'x', phone: '12' },
        }),
        400,
      );
      const fields = fieldMessagesOf(response);
      expectThat(fields.name && fields.phone, 'Field validation failed', response);
      return { detail: `name: ${fields.name}; phone: ${fields.phone}`, response };
    },
  },
  {
    id: 'security-admin-registration',
    name: 'Registering as admin refused (400)',
    async run(context) {
      const response = await registerAccount(
        context,
        offContract({ ...testAccountDetails('driver'), role: 'admin' }),
      );
      expectThat(response.status !== 201, 'An admin account was created by sign-up', response);
      expectStatus(response, 400);
      return { detail: `Refused as expected: ${response.message}`, response };
    },
  },
];
