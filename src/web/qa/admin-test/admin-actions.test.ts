import { afterEach, describe, expect, it, vi } from 'vitest';
import { runChecks } from '../shared/checks.ts';
import { adminActions, prepareAdminActions, undoAdminActions } from './admin-actions.ts';
import { NOT_ACCESSIBLE } from './admin-checks.ts';
import { fakeServer } from './fake-admin-api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the admin actions', () => {
  it('toggle the test provider, confirm the pending booking, then undo both', async () => {
    const server = fakeServer();
    const context = await prepareAdminActions();
    const results = await runChecks(adminActions, context, () => undefined);

    expect(results['action-provider-status']).toMatchObject({
      status: 'passed',
      httpStatus: 200,
      detail: expect.stringMatching(/^QA test Admin Actions [\w-]+: available → busy → available$/),
    });
    expect(results['action-booking-confirm']).toMatchObject({
      status: 'passed',
      detail: 'The test booking: pending → confirmed',
    });
    expect(server.bookingStatus).toBe('confirmed');

    const undo = await undoAdminActions(context);
    expect(undo).toEqual({
      ok: true,
      detail:
        'Undone: provider back to available, booking back to pending, test booking cancelled by its driver, 2 test accounts deleted.',
    });
    expect(server).toMatchObject({ providerStatus: 'available', bookingStatus: 'cancelled' });
    expect(server.deleted.sort()).toEqual(['token-1', 'token-2']);
    expect(server.adminCalls).toEqual([
      'PUT /api/providers/prov-1/status busy',
      'PUT /api/providers/prov-1/status available',
      'GET /api/bookings/book-1',
      'PATCH /api/bookings/book-1 confirmed',
      'PUT /api/providers/prov-1/status available',
      'PATCH /api/bookings/book-1 pending',
    ]);
  });

  it('undo a half-done run: the booking goes back even when the check failed after moving it', async () => {
    const server = fakeServer();
    const context = await prepareAdminActions();
    context.booking.moved = true;
    server.bookingStatus = 'confirmed';
    const undo = await undoAdminActions(context);
    expect(undo.ok).toBe(true);
    expect(server.bookingStatus).toBe('cancelled');
    expect(server.adminCalls).toEqual(['PATCH /api/bookings/book-1 pending']);
  });

  it('fail with the refusal for a non-admin, and then change nothing back', async () => {
    const server = fakeServer({ admin: false });
    const context = await prepareAdminActions();
    const results = await runChecks(adminActions, context, () => undefined);
    for (const id of ['action-provider-status', 'action-booking-confirm'])
      expect(results[id]).toMatchObject({
        status: 'failed',
        detail: NOT_ACCESSIBLE,
        httpStatus: 403,
      });
    const undo = await undoAdminActions(context);
    expect(undo).toEqual({
      ok: true,
      detail: 'Undone: test booking cancelled by its driver, 2 test accounts deleted.',
    });
    expect(server.adminCalls).toEqual([
      'PUT /api/providers/prov-1/status busy',
      'GET /api/bookings/book-1',
    ]);
    expect(server).toMatchObject({ providerStatus: 'available', bookingStatus: 'cancelled' });
    expect(server.deleted).toHaveLength(2);
  });

  it('delete the accounts already made when the setup fails, and say which step broke', async () => {
    const server = fakeServer({ refuseBooking: true });
    await expect(prepareAdminActions()).rejects.toThrow(
      'Booking the test job: 409 The provider is offline',
    );
    expect(server.deleted.sort()).toEqual(['token-1', 'token-2']);
  });
});
