import { fileURLToPath } from 'node:url';

/** The repository root, from src/server (tsx, tests) or dist/server (built): both two levels deep. */
export const rootDir = fileURLToPath(new URL('../../', import.meta.url));
export const migrationsDir = `${rootDir}src/server/db/migrations`;
export const webDistDir = `${rootDir}dist/web`;
