/** A review gives a completed job 1 to 5 whole stars; a provider's rating is their mean. */
export const STARS = [1, 2, 3, 4, 5] as const;
export const MIN_STARS = STARS[0];
export const MAX_STARS = STARS[STARS.length - 1]!;

/** A review's optional comment is at most this many characters. */
export const COMMENT_MAX = 2000;

/** The rating to one decimal, or New before the first review. */
export const ratingLabel = ({ rating, reviewCount }: { rating: number; reviewCount: number }) =>
  reviewCount > 0 ? rating.toFixed(1) : 'New';
export const reviewCountLabel = (count: number) =>
  `(${count} ${count === 1 ? 'review' : 'reviews'})`;
