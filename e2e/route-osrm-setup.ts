import { startMockOsrm } from '../src/server/routing/mock-osrm.ts';

/**
 * The routing service of the e2e run (ROUTING_URL, playwright.config.ts): OSRM's answer shape,
 * a road that bends 0.2° north of the straight line halfway; destinations west of 100° W answer
 * garbage, so the search goes straight there (route-search.spec.ts).
 */
export default async function globalSetup() {
  const osrm = await startMockOsrm({
    port: Number(process.env.E2E_OSRM_PORT),
    lineFor: (from, to) => [from, [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2 + 0.2], to],
    modeFor: (_from, to) => (to[0] < -100 ? 'garbage' : undefined),
  });
  return () => osrm.close();
}
