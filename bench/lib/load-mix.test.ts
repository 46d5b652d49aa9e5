import { describe, expect, it } from 'vitest';
import { mixer, newTally, OPERATIONS, type Mix } from './load-mix.ts';
import { prng } from './points.ts';

const mix = (): Mix => ({
  drivers: [{ cookie: 'tf_session=d', address: '10.0.0.1', bookings: ['b1'] }],
  mechanics: [
    { cookie: 'tf_session=m', address: '10.0.0.2', providerId: 'p1', serviceType: 'mechanic' },
  ],
  pending: [
    {
      id: 'b1',
      mechanic: {
        cookie: 'tf_session=m',
        address: '10.0.0.2',
        providerId: 'p1',
        serviceType: 'mechanic',
      },
    },
  ],
  searchPaths: ['/api/providers?latitude=1&longitude=1&radius=25'],
});

describe('mixer', () => {
  it('sends one kind only when asked', () => {
    const kinds = {
      search: 'GET /api/providers',
      read: 'GET /api/bookings/b1',
      list: 'GET /api/bookings',
      book: 'POST /api/bookings',
      decline: 'PATCH /api/bookings/b1',
    };
    for (const op of OPERATIONS) {
      const next = mixer(mix(), prng(1), newTally(), op);
      const shot = next();
      expect(`${shot.method} ${shot.path.split('?')[0]}`).toBe(kinds[op]);
    }
  });

  it('sends mostly searches in the mix', () => {
    const next = mixer({ ...mix(), pending: [] }, prng(2), newTally());
    const shots = Array.from({ length: 1000 }, () => next());
    const searches = shots.filter((s) => s.path.startsWith('/api/providers')).length;
    expect(searches).toBeGreaterThan(750);
    expect(searches).toBeLessThan(850);
  });
});
