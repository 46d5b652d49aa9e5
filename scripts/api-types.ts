// Writes the web app's API contract (src/web/api/schema.d.ts) from the server's route schemas.
// Usage: npm run api:types — after changing a route's path, parameters, body or answer.
import { writeFileSync } from 'node:fs';
import { contractFile, contractSource, serverDocument } from './lib/web-contract.ts';

writeFileSync(contractFile, await contractSource(await serverDocument()));
console.log(`wrote ${contractFile}`);
