import { feeBreakdown } from '#core/money.ts';
import { serviceOptionsFor } from '#core/providers/catalog.ts';
import { expectStatus, expectThat } from '../shared/checks.ts';
import { offContract } from '../shared/qa-api.ts';
import { TEST_DATA_PREFIX } from '../shared/test-accounts.ts';
import {
  bookingRequest,
  earlierOr,
  fieldMessagesOf,
  findDallasProvider,
  plural,
  shortId,
  type SuiteCheck,
  type SuiteContext,
} from './context.ts';

/** The test driver books an available Dallas demo provider; the group remembers the booking. */
async function createBooking(context: SuiteContext) {
  const provider = await findDallasProvider(context);
  const serviceType = serviceOptionsFor(provider.serviceType)[0]!;
  const response = expectStatus(
    await context.driver.api.post('/bookings', {
      body: bookingRequest(provider, serviceType, 'complete test suite'),
    }),
    201,
  );
  context.state.booking.bookingId = response.body.id;
  return { provider, response };
}

const ensureBooking = (context: SuiteContext) =>
  earlierOr(
    context.state.booking.bookingId,
    'Creating the test booking',
    async () => (await createBooking(context)).response.body.id,
  );

export const bookingChecks: readonly SuiteCheck[] = [
  {
    id: 'booking-create',
    name: 'Driver books a Dallas provider (201, pending, fees computed)',
    async run(context) {
      const { provider, response } = await createBooking(context);
      const booking = response.body;
      expectThat(booking.status === 'pending', `Status is ${booking.status}`, response);
      expectThat(
        booking.driverId === context.driver.user.id,
        'The booking belongs to another driver',
        response,
      );
      expectThat(
        booking.description.startsWith(TEST_DATA_PREFIX),
        'The description was not kept',
        response,
      );
      const visit = booking.visitFee ?? 0;
      const fee = booking.platformFee ?? 0;
      const expected = feeBreakdown(visit);
      expectThat(
        fee === expected.platformFee,
        `Platform fee ${fee} is not 10% of the visit fee ${visit} (${expected.platformFee})`,
        response,
      );
      expectThat(
        booking.estimatedCost === expected.total,
        `Total ${booking.estimatedCost} is not visit fee plus platform fee (${expected.total})`,
        response,
      );
      return {
        detail: `Booked ${provider.businessName} (${booking.serviceType}): $${visit.toFixed(2)} + $${fee.toFixed(2)} fee, booking ${shortId(booking.id)}`,
        response,
      };
    },
  },
  {
    id: 'booking-list',
    name: "Driver's bookings list it (GET /api/bookings)",
    async run(context) {
      const id = await ensureBooking(context);
      const response = expectStatus(await context.driver.api.get('/bookings'), 200);
      expectThat(
        response.body.some((b) => b.id === id),
        'The new booking is not in the list',
        response,
      );
      const foreign = response.body.filter((b) => b.driverId !== context.driver.user.id);
      expectThat(
        foreign.length === 0,
        `${plural(foreign.length, 'booking')} of other drivers listed`,
        response,
      );
      return {
        detail: `${plural(response.body.length, 'own booking')}, the new one among them`,
        response,
      };
    },
  },
  {
    id: 'booking-read',
    name: 'Read one booking (GET /api/bookings/{id})',
    async run(context) {
      const id = await ensureBooking(context);
      const response = expectStatus(
        await context.driver.api.get('/bookings/{id}', { params: { path: { id } } }),
        200,
      );
      expectThat(response.body?.id === id, 'Another booking came back', response);
      return {
        detail: `${response.body.provider.businessName}, ${response.body.status}, ${response.body.preferredTime}`,
        response,
      };
    },
  },
  {
    id: 'booking-cancel',
    name: 'Driver cancels it (PATCH status cancelled)',
    async run(context) {
      const id = await ensureBooking(context);
      const response = expectStatus(
        await context.driver.api.patch('/bookings/{id}', {
          params: { path: { id } },
          body: { status: 'cancelled' },
        }),
        200,
      );
      expectThat(
        response.body?.status === 'cancelled',
        `Status is ${response.body?.status}`,
        response,
      );
      return { detail: `Booking ${shortId(id)} cancelled`, response };
    },
  },
  {
    id: 'booking-missing-fields',
    name: 'Booking without provider and service refused (400)',
    async run(context) {
      const response = await context.driver.api.post('/bookings', {
        body: offContract({ description: `${TEST_DATA_PREFIX} booking without provider` }),
      });
      if (response.status === 201 && response.body?.id) {
        await context.driver.api.patch('/bookings/{id}', {
          params: { path: { id: response.body.id } },
          body: { status: 'cancelled' },
        });
        expectThat(false, 'Missing fields were accepted', response);
      }
      expectStatus(response, 400);
      const fields = fieldMessagesOf(response);
      expectThat(fields.providerId && fields.serviceType, 'Field validation failed', response);
      return {
        detail: `Refused: providerId "${fields.providerId}", serviceType "${fields.serviceType}"`,
        response,
      };
    },
  },
];
