import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { contractFile, contractSource, serverDocument } from './lib/web-contract.ts';

it("keeps the web app's API contract what the server declares (npm run api:types rewrites it)", async () => {
  const generated = await contractSource(await serverDocument());
  expect(
    readFileSync(contractFile, 'utf8') === generated,
    'src/web/api/schema.d.ts is stale: run npm run api:types',
  ).toBe(true);
  // It builds the whole app and writes the OpenAPI types of every route: half a minute and more
  // on a busy two-core machine.
}, 120_000);
