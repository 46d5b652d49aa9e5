import { expectStatus, expectThat } from '../shared/checks.ts';
import { TEST_DATA_PREFIX } from '../shared/test-accounts.ts';
import {
  earlierOr,
  plural,
  searchProviders,
  shortId,
  step,
  type SuiteCheck,
  type SuiteContext,
} from './context.ts';

/** Creates the test mechanic's business (awaiting verification) and remembers it for the group. */
async function createBusiness(context: SuiteContext) {
  const { mechanic } = context;
  const businessName = `${TEST_DATA_PREFIX} Truck Repair ${shortId(mechanic.user.id)}`;
  const response = expectStatus(
    await mechanic.api.post('/service-providers', {
      body: {
        userId: mechanic.user.id,
        businessName,
        serviceType: 'mobile_mechanic',
        description: `${TEST_DATA_PREFIX} business created by the complete test suite`,
        address: '100 Test Street',
        city: 'Dallas',
        state: 'TX',
        zipCode: '75201',
        phone: '2145550100',
        email: mechanic.email,
        visitFee: 75,
        hourlyRate: 95,
      },
    }),
    201,
  );
  const business = { id: response.body.id, businessName: response.body.businessName };
  context.state.providers.business = business;
  return { response, business };
}

/** The business this group created, or a new one when that check did not get that far. */
const ensureBusiness = (context: SuiteContext) =>
  earlierOr(
    context.state.providers.business,
    'Creating the test business',
    async () => (await createBusiness(context)).business,
  );

export const providerChecks: readonly SuiteCheck[] = [
  {
    id: 'providers-list',
    name: 'List approved providers (GET /api/providers)',
    async run(context) {
      const response = await searchProviders(context, { fields: 'full' });
      expectThat(Array.isArray(response.body), 'The answer is not a list', response);
      expectThat(response.body.length > 0, 'No providers listed', response);
      const unapproved = response.body.filter((p) => p.verification !== 'approved');
      expectThat(
        unapproved.length === 0,
        `Unapproved providers listed: ${unapproved.map((p) => p.businessName).join(', ')}`,
        response,
      );
      return { detail: `${plural(response.body.length, 'approved provider')}`, response };
    },
  },
  {
    id: 'providers-details',
    name: 'One provider with its reviews (GET /api/providers/{id})',
    async run(context) {
      const first = await step('Finding a provider to open', async () => {
        const list = await searchProviders(context, { limit: 1 });
        expectThat(list.body?.[0], 'No provider listed', list);
        return list.body[0]!;
      });
      const response = expectStatus(
        await context.driver.api.get('/providers/{id}', { params: { path: { id: first.id } } }),
        200,
      );
      expectThat(response.body?.id === first.id, 'Another provider came back', response);
      expectThat(Array.isArray(response.body.reviews), 'No reviews list', response);
      return {
        detail: `${response.body.businessName}: ${plural(response.body.reviews.length, 'recent review')}`,
        response,
      };
    },
  },
  {
    id: 'providers-unknown',
    name: "Unknown provider answers 404 'No provider found'",
    async run(context) {
      const response = expectStatus(
        await context.driver.api.get('/providers/{id}', {
          params: { path: { id: crypto.randomUUID() } },
        }),
        404,
      );
      expectThat(
        response.message === 'No provider found',
        `Expected 'No provider found', got '${response.message}'`,
        response,
      );
      return { detail: 'Refused as expected: No provider found', response };
    },
  },
  {
    id: 'providers-create-business',
    name: 'Mechanic creates a business: awaiting verification, not in search',
    async run(context) {
      const { response } = await createBusiness(context);
      const created = response.body;
      expectThat(
        created.verification === 'pending',
        `Verification is ${created.verification}, not pending`,
        response,
      );
      const search = await searchProviders(context, { q: created.businessName });
      expectThat(
        !search.body.some((p) => p.id === created.id),
        'The unverified business appears in search',
        search,
      );
      return {
        detail: `${created.businessName} created, awaiting verification, absent from search`,
        response,
      };
    },
  },
  {
    id: 'providers-by-user',
    name: "Read the mechanic's business back (GET /api/service-providers/by-user)",
    async run(context) {
      const business = await ensureBusiness(context);
      const { mechanic } = context;
      const response = expectStatus(
        await mechanic.api.get('/service-providers/by-user/{userId}', {
          params: { path: { userId: mechanic.user.id } },
        }),
        200,
      );
      expectThat(response.body?.id === business.id, 'Another business came back', response);
      expectThat(
        response.body.businessName === business.businessName,
        `Name reads '${response.body.businessName}'`,
        response,
      );
      return {
        detail: `${response.body.businessName} (${response.body.verification})`,
        response,
      };
    },
  },
];
