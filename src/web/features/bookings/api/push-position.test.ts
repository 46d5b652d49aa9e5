import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TrackingPosition } from '#core/bookings/tracking.ts';
import { positionKey, pushPosition } from './push-position.ts';

const position: TrackingPosition = {
  bookingId: 'b1',
  latitude: 32.83,
  longitude: -96.86,
  accuracy: 10,
  recordedAt: '2026-11-23T10:00:00.000Z',
};

describe('pushPosition', () => {
  it('keeps the pushed position when a fetch started before it answers afterwards', async () => {
    const client = new QueryClient();
    let answer!: (value: TrackingPosition | null) => void;
    const stale = client.fetchQuery({
      queryKey: positionKey('b1'),
      queryFn: () => new Promise<TrackingPosition | null>((resolve) => (answer = resolve)),
    });
    await pushPosition(client, position);
    answer(null);
    await stale.catch(() => undefined);
    expect(client.getQueryData(positionKey('b1'))).toEqual(position);
  });

  it('sets the position when nothing is being fetched', async () => {
    const client = new QueryClient();
    await pushPosition(client, position);
    expect(client.getQueryData(positionKey('b1'))).toEqual(position);
  });
});
