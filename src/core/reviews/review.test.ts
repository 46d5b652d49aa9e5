import { describe, expect, it } from 'vitest';
import { reviewInputSchema, reviewerName } from './review.ts';
import { COMMENT_MAX } from './stars.ts';
import { ratingLabel, reviewCountLabel } from './stars.ts';

const bookingId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

describe('reviewInputSchema', () => {
  it('takes 1 to 5 whole stars and trims the comment', () => {
    expect(reviewInputSchema.parse({ bookingId, rating: 5, comment: '  Great  ' })).toEqual({
      bookingId,
      rating: 5,
      comment: 'Great',
    });
    for (const rating of [0, 6, 4.5, '5', null])
      expect(reviewInputSchema.safeParse({ bookingId, rating }).success).toBe(false);
  });

  it('says what is wrong with a rating or a comment', () => {
    const issues = (input: object) =>
      reviewInputSchema.safeParse({ bookingId, ...input }).error?.issues.map((i) => i.message);
    expect(issues({ rating: 0 })).toEqual(['Rating must be 1 to 5']);
    expect(issues({ rating: 2.5 })).toEqual(['Rating must be a whole number of stars']);
    expect(issues({ rating: 5, comment: 'x'.repeat(COMMENT_MAX + 1) })).toEqual([
      'Comment must be at most 2000 characters',
    ]);
  });
});

describe('how a rating reads', () => {
  it('shows one decimal, or New before the first review', () => {
    expect(ratingLabel({ rating: 4.25, reviewCount: 4 })).toBe('4.3');
    expect(ratingLabel({ rating: 0, reviewCount: 0 })).toBe('New');
    expect(reviewCountLabel(1)).toBe('(1 review)');
    expect(reviewCountLabel(12)).toBe('(12 reviews)');
  });

  it('names a reviewer by first name and last initial', () => {
    expect(reviewerName('Dana Q. Driver')).toBe('Dana D.');
    expect(reviewerName('  Cher ')).toBe('Cher');
  });
});
