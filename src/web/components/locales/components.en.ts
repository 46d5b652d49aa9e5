export default {
  serviceType: 'Service Type',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP Code',
  visitFee: 'Visit Fee ($)',
  hourlyRate: 'Hourly Rate ($)',
  licenseNumber: 'Business License Number',
  insurancePolicy: 'Insurance Policy Number',
  reason: 'Reason',
  somethingWrong: 'Something went wrong. Please try again.',
  vehicleDetails: 'Vehicle Details',
  vehicleDetailsPlaceholder: 'Year, make, model and issue (e.g. 2019 Peterbilt 579, air leak)',
  close: 'Close',
  cancel: 'Cancel',
  hidePassword: 'Hide password',
  showPassword: 'Show password',
  notification: 'Notification',
  // Radix puts the keyboard shortcut in place of {hotkey}.
  notifications: 'Notifications ({hotkey})',
  reasonOptional: '{reason} (optional)',
  passwordStrength: 'Password strength: {score}.',
  whereIsTruck: 'Where is the truck?',
  // What to do now, for a truck next to moving traffic: plain words, in the order to do them
  // (where they come from: docs/decisions/027-safety-flow.md).
  safetyTitle: 'Stay safe while help is on the way',
  safetyStep1: 'Turn on your hazard lights now.',
  safetyStep2:
    'If it is safe, put out your warning triangles: about 10, 100 and 200 feet behind the truck (on a two-way road, one 100 feet ahead).',
  safetyStep3:
    'Get out on the side away from traffic, and wait behind the guardrail or well off the road if you can.',
  safetyStep4:
    'Do not stand between the truck and traffic, and do not try to fix it in a live lane.',
  call911: 'Call 911',
  call911Hint:
    'Call 911 first if anyone is hurt, the truck is blocking a lane, or there is smoke, fire or a leak.',
  towOffer: 'Get towed to a safe place',
};
