// The refund dialog loads when a provider or an admin chooses to refund (its own module, so the
// admin console does not load the other dialogs' loaders).
export const loadRefundDialog = () => import('./components/refund-dialog.tsx');
