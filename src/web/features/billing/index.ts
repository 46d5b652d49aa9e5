// The billing feature's public face: the pieces bookings and the profile show. The payment dialog
// and the billing tab are loaded only when opened, so they are offered as loaders.
export { PaidBadge } from './components/paid-badge.tsx';
export { hasPdfReceipt, receiptPdfUrl } from './receipt-pdf-link.ts';
export {
  CashConfirmation,
  DriverPaymentStatus,
  paymentInPlay,
} from './components/cash-confirmation.tsx';
export { AllowanceBanner } from './components/allowance-banner.tsx';
export { TestModeNotice } from './components/test-mode-notice.tsx';
export { BillingSkeleton } from './components/load-states.tsx';
export type { BillingSection } from './components/billing-tab.tsx';
export { PaymentFlags, providerCanRefund } from './components/payment-flags.tsx';
export type { RefundTarget } from './components/refund-dialog.tsx';
export { loadBillingTab, loadPayBookingDialog, loadRefundDialog } from './loaders.ts';
export { allowanceQuery } from './api/use-allowance.ts';
