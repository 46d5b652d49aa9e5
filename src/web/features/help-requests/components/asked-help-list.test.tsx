// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpInvite } from '#core/help-requests/help-request.ts';
import { AskedHelpList } from './asked-help-list.tsx';

const state: { data: HelpInvite[] } = { data: [] };
vi.mock('../api/use-help-requests.ts', () => ({
  useAskedHelp: () => ({ data: state.data, dataUpdatedAt: Date.now() }),
  useAnswerHelp: () => ({ mutate: vi.fn(), isPending: false }),
}));
vi.mock('#web/components/ui/use-toast.ts', () => ({ toast: vi.fn() }));

const invite = (over: Partial<HelpInvite>): HelpInvite => ({
  id: '11111111-1111-4111-8111-111111111111',
  providerId: '33333333-3333-4333-8333-333333333333',
  status: 'asked',
  requestStatus: 'open',
  serviceType: 'Brake Repair',
  description: '',
  vehicleDetails: '2019 Peterbilt 579',
  location: 'I-80 mile 12',
  truckLocation: 'shoulder',
  latitude: 41,
  longitude: -100,
  askedAt: new Date().toISOString(),
  emergency: false,
  ...over,
});

afterEach(cleanup);

describe('AskedHelpList', () => {
  it('puts emergencies in their own Emergency lane, first', () => {
    state.data = [
      invite({
        id: '22222222-2222-4222-8222-222222222222',
        serviceType: 'Tire Repair',
        truckLocation: 'parking',
      }),
      invite({ emergency: true }),
    ];
    render(<AskedHelpList />);
    const lane = screen.getByTestId('emergency-lane');
    expect(within(lane).getByRole('heading', { name: 'Emergency' })).toBeTruthy();
    expect(within(lane).getByText('Brake Repair')).toBeTruthy();
    expect(within(lane).queryByText('Tire Repair')).toBeNull();
    const headings = screen.getAllByRole('heading').map((h) => h.textContent?.trim());
    expect(headings).toEqual(['Emergency', 'Help needed nearby']);
    expect(within(lane).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('shows no Emergency lane when nothing is marked emergency (Basic plans)', () => {
    state.data = [invite({ emergency: false })];
    render(<AskedHelpList />);
    expect(screen.queryByTestId('emergency-lane')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Help needed nearby' })).toBeTruthy();
    // The safety flag stays on the card itself.
    expect(screen.getByTestId('urgency').textContent).toMatch(/beside moving traffic/);
  });
});
