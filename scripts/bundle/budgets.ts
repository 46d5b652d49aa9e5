/**
 * KB of gzipped JavaScript each page may load until the network is idle (scripts/check-bundle.ts):
 * the route table's paths, and `path@role` where a second kind of account uses the same path
 * daily. Each about 2 KB above what it loaded when set (docs/benchmarks.md), on the way down to
 * DAILY_PAGES' targets; a budget only ever moves down.
 */
export const BUDGETS_KB: Record<string, number> = {
  '/': 4,
  '/ after a tap': 118,
  '/login': 114,
  '/register': 133,
  '/forgot-password': 126,
  '/join': 131,
  '/reset-password': 129,
  '/confirm-email': 110,
  '/confirm-contact': 110,
  '/privacy': 109,
  '/terms': 109,
  '/support': 111,
  '/track/:token': 115,
  '/home': 150,
  '/search': 150,
  '/providers/:id': 120,
  '/bookings': 143,
  '/bookings@mechanic': 142,
  '/profile': 150,
  '/profile@mechanic': 149,
  '/payment-methods': 157,
  '/receipts/:id': 124,
  '/admin': 170,
  // The board, opened by a business on Enterprise (scripts/lib/page-accounts.ts).
  '/fleet': 125,
  '/reports': 124,
  '/test-profile': 144,
  '/demo': 142,
  '/complete-demo': 144,
  '/location-test': 124,
  '/payment-test': 159,
  '/availability-test': 122,
  '/stripe-test': 147,
  '/calendar-test': 159,
  '/complete-test-suite': 127,
  '/auth-test': 121,
  '/driver-profile-test': 164,
  '/admin-test': 156,
};

/**
 * The pages drivers and providers open every day, and what each of them should weigh at most:
 * the targets the budgets come down to (check:bundle prints how far each page is from its own).
 */
export const DAILY_PAGES: Record<string, number> = {
  '/': 100,
  '/home': 150,
  '/search': 150,
  '/providers/:id': 150,
  '/bookings': 150,
  '/bookings@mechanic': 150,
  '/profile': 150,
  '/profile@mechanic': 150,
  '/track/:token': 150,
  '/receipts/:id': 150,
  '/fleet': 150,
};

export interface PageWeight {
  page: string;
  bytes: number;
}

const kb = (bytes: number) => bytes / 1024;

/** What is wrong: a page over its budget or without one, a budget that names no page. */
export function budgetProblems(
  weights: PageWeight[],
  budgets: Record<string, number> = BUDGETS_KB,
): string[] {
  const problems: string[] = [];
  for (const { page, bytes } of weights) {
    const budget = budgets[page];
    if (budget === undefined) problems.push(`${page} has no budget in scripts/bundle/budgets.ts`);
    else if (kb(bytes) > budget)
      problems.push(`${page} loads ${kb(bytes).toFixed(1)} KB, over its ${budget} KB budget`);
  }
  for (const page of Object.keys(budgets))
    if (!weights.some((weight) => weight.page === page))
      problems.push(`the budget of ${page} names no page that was measured`);
  return problems;
}
