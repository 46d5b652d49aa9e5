// Billing's parts loaded only when opened: the payment dialog of a job and the profile's billing tab.
export const loadPayBookingDialog = () => import('./components/pay-booking-dialog.tsx');
export const loadBillingTab = () => import('./components/billing-tab.tsx');
