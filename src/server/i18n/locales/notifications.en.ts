/** In-app notifications: their title and message, stored in the recipient's language. */
export default {
  // Bookings
  bookingUpdatedByAdmin: 'Booking updated by Truck Finder',
  bookingUpdatedToDriver: 'Your {service} booking with {business} is now {status}.{why}',
  bookingUpdatedToProvider: 'The {service} booking for {driver} is now {status}.{why}',
  adminReason: ' Reason: {reason}',
  urgentBookingRequest: 'Urgent booking request',
  newBookingRequest: 'New booking request',
  bookingRequested: '{driver} requested {service}{place}.{urgency}',
  atPlace: ' at {place}',
  bookingConfirmed: 'Booking confirmed',
  bookingConfirmedMessage: '{business} confirmed your {service} request.',
  jobStarted: 'Job started',
  jobStartedMessage: '{business} is working on your {service} request.',
  jobCompleted: 'Job completed',
  jobCompletedMessage: '{business} completed your {service}. How did it go? Rate the service.',
  bookingCancelled: 'Booking cancelled',
  bookingCancelledByProvider: '{business} cancelled your {service} request.',
  bookingCancelledByDriver: '{driver} cancelled the {service} request.',
  bookingReopened: 'Booking reopened',
  bookingReopenedMessage: 'Your {service} request with {business} is pending again.',
  newJobAssigned: 'New job assigned',
  newJobAssignedMessage: '{service} for {driver}{place}.',
  mechanicArrived: 'Your mechanic has arrived',
  mechanicArrivedMessage: '{business} has arrived for your {service} job.',
  mechanicOnTheWay: 'Your mechanic is on the way',
  mechanicOnTheWayMessage: '{business} is on the way to your {service} job{away}.',
  minutesAway: ', about {minutes} min away',

  // Help requests
  urgentHelpNeeded: 'Urgent: driver needs help nearby',
  helpNeeded: 'Help needed nearby',
  helpNeededMessage:
    'A driver needs {service}.{traffic} Open the app to see where; the first provider to accept gets the job.',
  besideTraffic: ' The truck is beside moving traffic.',
  nobodyAccepted: 'Nobody accepted your request for help',
  nobodyAcceptedMessage:
    'No provider within {miles} miles took the {service} request. Try calling one from the list.',

  // Providers
  businessChangesToReview: 'Business changes to review',
  businessChangesToReviewMessage:
    '{business} changed details that need a review. Open the admin console to review it.',
  newProviderApplication: 'New provider application',
  newProviderApplicationMessage:
    '{business} applied to be listed. Open the admin console to review it.',
  businessChangesApproved: 'Business changes approved',
  businessChangesApprovedMessage: 'Your changes to {business} are now live.',
  businessChangesNotApproved: 'Business changes not approved',
  businessChangesNotApprovedMessage:
    'Your changes to {business} were not approved{why} Drivers still see the details as they were.',
  businessApproved: 'Business approved',
  businessApprovedMessage: '{business} is verified and now appears in driver searches.',
  businessNotApproved: 'Business not approved',
  businessNotApprovedMessage: '{business} was not approved{why}',

  // Billing, support, reviews, webhooks
  planRenewsIn:
    'Your {plan} plan renews {days, plural, =0 {today} one {in 1 day} other {in # days}}',
  paymentReceipt: 'Payment receipt',
  paymentReceiptMessage: '{amount} paid{purpose}. Your receipt is ready.',
  paidFor: ' for {description}',
  supportAnswered: 'Support answered your request',
  supportAnsweredMessage: 'Re: {subject}',
  newReview: 'New review',
  newReviewMessage: '{driver} rated your {service} {rating} of {stars} stars.{quote}',
  webhookTurnedOff: 'Webhook endpoint turned off',
  webhookTurnedOffMessage:
    'Your webhook endpoint {url} was turned off after failing for a day. Fix it, then turn it back on under Profile → Business → Webhooks.',
};
