export default {
  paid: 'Paid · {method}',
  method: '{method, select, cash {Cash} ach {Bank transfer} other {Card}}',
  cardNumber: '{brand} •••• {last4}',
  expires: 'Expires {month}/{year}',
  subscriptionStatus:
    '{status, select, active {Active} completed {Completed} cancelled {Cancelled} failed {Failed} expired {Expired} pending {Pending} past_due {Past due} other {{status}}}',
  paymentStatus:
    '{status, select, completed {Completed} pending {Pending} failed {Failed} refunded {Refunded} processing {Processing} awaiting_confirmation {Cash — awaiting confirmation} disputed {Cash — disputed} other {{status}}}',
  planName:
    '{plan, select, basic {Basic} premium {Premium} enterprise {Enterprise} other {{plan}}}',
  tryAgain: 'Try Again',
  testMode: 'Test mode — no real charge',
  paymentsOff: 'Payments are not set up on this server',
  allowanceLeft: '{remaining} of {limit} bookings left this month — <0>Upgrade</0>',
  refundedAmount: 'Refunded {amount}',
  disputed: 'Disputed',
  driverDisputed:
    'The provider disputed your {amount} cash payment. Our team is reviewing it and will let you know.',
  driverProcessing: 'Your payment is being processed.',
  driverCashRecorded:
    'Cash payment of {amount} recorded. Waiting for the provider to confirm they received it.',
  providerDisputed: 'You disputed this {amount} cash payment. Our team is reviewing it.',
  cashConfirmed: 'Cash payment confirmed',
  couldNotConfirm: 'Could not confirm',
  driverSaysPaid: '<0>{driverName}</0> says they paid {amount} in cash',
  countsAsPaid: 'The job counts as paid once you confirm you received it.',
  confirming: 'Confirming...',
  confirmCashReceived: 'Confirm Cash Received',
  dispute: 'Dispute',
  disputeTitle: 'Dispute this cash payment?',
  disputeDescription:
    'Say what happened with the {amount}. The driver is told, and our team settles it.',
  disputeReasonLabel: 'What was wrong',
  disputePlaceholder: 'e.g. No cash was handed over',
  disputeConfirm: 'Dispute Payment',
  sending: 'Sending...',
  cashDisputed: 'Cash payment disputed',
  cashDisputedDescription: 'Our team will look into it and tell you both.',
  couldNotDispute: 'Could not dispute',
};
