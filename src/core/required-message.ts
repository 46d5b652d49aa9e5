/**
 * zod's message for a missing field: 'Required' (the specified generic form message). Set by
 * validation.ts when it is imported (the server, the tests) and by the browser's zod itself
 * (src/web/lib/zod-jitless.ts), so a page that never loads validation.ts reads the same.
 */
export const requiredMessage = (issue: { code: string; input?: unknown }) =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined;
