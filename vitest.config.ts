import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'lint/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['src/**/*.api.test.ts', 'scripts/**/*.api.test.ts'],
          environment: 'node',
          // A guard against a hang, not a speed bar: a file's first test pays for cold work
          // (jsdom, a first render of Radix and react-hook-form), which took 5.4 s of wall time
          // on a loaded 2-core machine for well under 1 s of CPU (docs/decisions/041).
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts', 'scripts/**/*.api.test.ts'],
          environment: 'node',
          // A file on each core: Vitest's default (one core fewer) runs them one by one on 2 cores
          // (docs/decisions/081-api-test-files-on-every-core.md).
          maxWorkers: '100%',
          // One migrated embedded database for the run, which every test app copies.
          globalSetup: ['src/server/test/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
