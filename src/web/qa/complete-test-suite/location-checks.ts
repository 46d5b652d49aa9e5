import { expectThat } from '../shared/checks.ts';
import {
  DALLAS,
  SEARCH_RADIUS_MILES,
  plural,
  providersNear,
  searchProviders,
  type SuiteCheck,
} from './context.ts';
import { firstOrderViolation, matchesText, outsideRadius } from './search-rules.ts';

const miles = (distance: number | null) => (distance === null ? '?' : distance.toFixed(1));

export const locationChecks: readonly SuiteCheck[] = [
  {
    id: 'search-dallas',
    name: `Providers near Dallas, TX within ${SEARCH_RADIUS_MILES} mi`,
    async run(context) {
      const response = await searchProviders(context, providersNear(DALLAS, SEARCH_RADIUS_MILES));
      expectThat(response.body?.length > 0, 'No Dallas providers found', response);
      const nearest = Math.min(...response.body.map((p) => p.distance ?? Infinity));
      return {
        detail: `${plural(response.body.length, 'provider')}, the nearest ${miles(nearest)} mi away`,
        response,
      };
    },
  },
  {
    id: 'search-radius',
    name: 'Every distance within the search radius',
    async run(context) {
      const radius = 10;
      const response = await searchProviders(context, providersNear(DALLAS, radius));
      expectThat(response.body?.length > 0, 'No providers found within radius', response);
      const outside = outsideRadius(response.body, radius);
      expectThat(
        outside.length === 0,
        `Outside ${radius} mi: ${outside.map((p) => `${p.businessName} (${miles(p.distance)} mi)`).join(', ')}`,
        response,
      );
      const farthest = Math.max(...response.body.map((p) => p.distance ?? 0));
      return {
        detail: `${plural(response.body.length, 'provider')} within ${radius} mi (farthest ${miles(farthest)} mi)`,
        response,
      };
    },
  },
  {
    id: 'search-service-type',
    name: 'Service type filter (tire_shop)',
    async run(context) {
      const response = await searchProviders(context, { serviceType: 'tire_shop' });
      expectThat(response.body?.length > 0, 'No tire shops found', response);
      const others = response.body.filter((p) => p.serviceType !== 'tire_shop');
      expectThat(
        others.length === 0,
        `Other types returned: ${others.map((p) => `${p.businessName} (${p.serviceType})`).join(', ')}`,
        response,
      );
      return { detail: `${plural(response.body.length, 'tire shop')}, no other type`, response };
    },
  },
  {
    id: 'search-text',
    name: "Text search ('tire')",
    async run(context) {
      const query = 'tire';
      const response = await searchProviders(context, { q: query, fields: 'full' });
      expectThat(response.body?.length > 0, `Nothing matches '${query}'`, response);
      const strays = response.body.filter((p) => !matchesText(p, query));
      expectThat(
        strays.length === 0,
        `Results without '${query}': ${strays.map((p) => p.businessName).join(', ')}`,
        response,
      );
      return {
        detail: `Matches (${response.body.length}): ${response.body.map((p) => p.businessName).join(', ')}`,
        response,
      };
    },
  },
  {
    id: 'search-order',
    name: 'Results sorted: available first, then rating',
    async run(context) {
      const response = await searchProviders(context, providersNear(DALLAS, 50));
      expectThat(response.body?.length > 1, 'Too few providers to check the order', response);
      const violation = firstOrderViolation(response.body);
      expectThat(violation === null, `Out of order: ${violation}`, response);
      const available = response.body.filter((p) => p.status === 'available').length;
      return {
        detail: `${response.body.length} in order (${available} available first, each part by rating)`,
        response,
      };
    },
  },
];
