// The Rate Service dialog (its form and validation) loads when a driver opens it.
export const loadReviewDialog = () => import('./components/review-dialog.tsx');
