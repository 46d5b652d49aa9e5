/**
 * What an API token may do (docs/api.md, "API tokens"). A route a token may call names exactly one
 * scope in its `config.scope`; every other route refuses a token.
 */
export const apiScopes = [
  'bookings:read',
  'bookings:write',
  'availability:write',
  'reports:read',
  'webhooks:manage',
] as const;
export type ApiScope = (typeof apiScopes)[number];

/** The scopes that change something: each use of one is written to the audit log. */
export const writeScopes: readonly ApiScope[] = [
  'bookings:write',
  'availability:write',
  'webhooks:manage',
];

/** What each scope opens, for the token dialog and the docs. */
export const scopeDescriptions: Record<ApiScope, string> = {
  'bookings:read': 'Read the business’s bookings',
  'bookings:write': 'Accept, decline, update and assign bookings',
  'availability:write': 'Turn the business’s availability on and off',
  'reports:read': 'Read reports',
  'webhooks:manage': 'Register and remove webhook endpoints',
};

/**
 * A token starts with `tf_live_` on a server that takes real payments and `tf_test_` on one with
 * the test gateway, so secret scanners recognise a leaked one and tell the two apart.
 */
export const API_TOKEN_PREFIXES = { live: 'tf_live_', test: 'tf_test_' } as const;
/** Characters of the token kept readable in lists (the prefix and the first few of the secret). */
export const API_TOKEN_SHOWN_CHARS = 12;
/** Live tokens one business may hold at once. */
export const MAX_API_TOKENS = 25;

export const API_TOKEN_NAME_MAX = 60;
