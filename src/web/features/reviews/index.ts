// The reviews feature's public face: a provider's rating, their reviews, the Rate Service dialog.
export { Rating, Stars } from './components/rating.tsx';
export { ReviewList } from './components/review-list.tsx';
export { loadReviewDialog } from './loaders.ts';
