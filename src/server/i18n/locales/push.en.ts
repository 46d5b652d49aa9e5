/**
 * The lines pushed to lock screens and texted: what to do, never a place, a phone number or the
 * other side's free text (docs/decisions/045-delivery-queue.md).
 */
export default {
  pushHelpUrgent: 'A truck is stopped beside moving traffic. Open the app to accept or pass.',
  pushHelp: 'A driver needs help nearby. Open the app to accept or pass.',
  pushRate: 'Open your bookings to rate the service.',
  pushAcceptOrDecline: 'Open your bookings to accept or decline.',
  pushWhatChanged: 'Open your bookings to see what changed.',
  pushReminder: 'Open Truck Finder to see the reminder.',
  pushDetails: 'Open Truck Finder for the details.',
  pushEnRoute: '{away}Open your bookings to follow them on the map.',
  pushMinutesAway: 'About {minutes} min away. ',
  pushArrived: 'Look out for them at your truck, or open your bookings to call them.',
  pushReceipt: 'Open it to see or print your receipt.',
  pushPlanReminder: 'Open Billing to check the card it will be charged to.',
  pushApplication: 'Open the admin console to review it.',
  pushJobAssigned: 'Open your jobs to see where and what.',
  pushSupportReply: 'Open Help in your profile to read the answer.',
  smsNotification: 'Truck Finder: {title}. {body}',
};
