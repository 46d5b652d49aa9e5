// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { AdminActionsPanel } from './admin-actions-panel.tsx';
import { fakeServer } from './fake-admin-api.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('runs both admin actions, then shows what it undid', async () => {
  const server = fakeServer();
  render(<AdminActionsPanel />);
  const panel = screen.getByRole('region', { name: 'Admin Actions' });
  fireEvent.click(within(panel).getByRole('button', { name: 'Run Admin Actions' }));
  const undo = await within(panel).findByTestId('admin-actions-undo', {}, { timeout: 5000 });
  expect(undo.textContent).toBe(
    'Undone: provider back to available, booking back to pending, test booking cancelled by its driver, 2 test accounts deleted.',
  );
  for (const id of ['check-action-provider-status', 'check-action-booking-confirm'])
    expect(within(panel).getByTestId(id).getAttribute('data-status')).toBe('passed');
  expect(server).toMatchObject({ providerStatus: 'available', bookingStatus: 'cancelled' });
  expect(server.deleted).toHaveLength(2);
});
