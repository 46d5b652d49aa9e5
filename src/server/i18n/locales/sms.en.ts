/** Text messages of their own (a notification's text is in push.en.ts). */
export default {
  phoneCode: 'Your Truck Finder code is {code}. It expires in {minutes} minutes.',
  planRenews: 'Your {plan} plan renews on {due}: {amount} will be charged to your card on file.',
  planRenewsSubject: 'Truck Finder: your {plan} plan renews on {due}',
  planRenewsEmail: '{message}\n\nManage your plan under Profile → Billing.{note}',
  planRenewsText: 'Truck Finder: {message}{note}',
  testModeNote: '\n\nTest mode — no real charge.',
};
