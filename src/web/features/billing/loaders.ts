// Billing's parts loaded only when opened: the payment dialog of a job, the profile's billing tab
// and the refund dialog (a provider's or an admin's).
export const loadPayBookingDialog = () => import('./components/pay-booking-dialog.tsx');
export const loadBillingTab = () => import('./components/billing-tab.tsx');
export const loadRefundDialog = () => import('./components/refund-dialog.tsx');
