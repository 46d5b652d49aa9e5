import { describe, expect, it } from 'vitest';
import { budgetProblems } from './budgets.ts';

const KB = 1024;

describe('page budgets', () => {
  const budgets = { '/': 100, '/home': 150 };

  it('pass pages within their budget', () => {
    expect(
      budgetProblems(
        [
          { page: '/', bytes: 100 * KB },
          { page: '/home', bytes: 120 * KB },
        ],
        budgets,
      ),
    ).toEqual([]);
  });

  it('fail a page whose weight rises over its budget', () => {
    expect(
      budgetProblems(
        [
          { page: '/', bytes: 100 * KB + 1 },
          { page: '/home', bytes: 120 * KB },
        ],
        budgets,
      ),
    ).toEqual(['/ loads 100.0 KB, over its 100 KB budget']);
  });

  it('fail a page without a budget and a budget without a page', () => {
    expect(
      budgetProblems(
        [
          { page: '/', bytes: 90 * KB },
          { page: '/new', bytes: 1 },
        ],
        budgets,
      ),
    ).toEqual([
      '/new has no budget in scripts/bundle/budgets.ts',
      'the budget of /home names no page that was measured',
    ]);
  });
});
