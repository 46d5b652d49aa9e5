import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layers } from './lint/layers.js';

/** Where Drizzle may be imported: repositories, the database and events code, tests. */
const drizzleAllowed = [
  'src/server/**/*.repository.ts',
  'src/server/db/**',
  'src/server/events/**',
  'src/server/test/**',
  'src/server/**/*.test.ts',
];
const drizzle = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only repositories, db/ and events/ talk to Drizzle: call a repository from a service.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
      // Code that breaks the rules on purpose: lint/layers.test.ts lints it under other names.
      'lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '#server/**'],
              message: 'Web and core never import the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**', 'e2e/**', 'bench/**', '*.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: drizzleAllowed,
    rules: { 'no-restricted-imports': ['error', { patterns: [drizzle] }] },
  },
  {
    // Routes declare their schemas and access rule, then call a service.
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            drizzle,
            {
              group: ['**/*.repository', '**/*.repository.ts'],
              message: 'Routes call services, never repositories.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module owns its tables: others reach it only through its index.ts. Tests arrange state
    // directly, so they and the test helpers may reach further.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**'],
    plugins: { layers },
    rules: { 'layers/no-module-internals': 'error' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: {
      'layers/api-through-client': 'error',
      'layers/no-feature-internals': 'error',
      'layers/no-wing-imports': 'error',
      'layers/no-feature-cycles': 'error',
      'layers/wing-pages-apart': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '#web/**', 'react', 'drizzle-orm*', 'fastify*'],
              message: 'core imports zod only.',
            },
          ],
        },
      ],
    },
  },
);
