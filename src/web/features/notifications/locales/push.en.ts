export default {
  working: 'Working…',
  iosHomeScreen:
    'On iPhone and iPad, add Truck Finder to your Home Screen first (iOS 16.4+): Share → Add to Home Screen, then open it from there.',
  unsupported: 'This browser cannot receive notifications while the app is closed.',
  blocked:
    'Notifications are blocked for this site. Allow them in the browser’s site settings (the icon beside the address), then come back.',
  on: 'On: new jobs and booking updates reach this device even when the app is closed.',
  off: 'Get new jobs and booking updates on this device even when the app is closed.',
  notifyMe: 'Notify me on this device',
  questionProviderAvailable: 'Get job requests when the app is closed?',
  questionDriverBooked: 'Get told when your mechanic accepts and is on the way?',
  close: 'Close',
  notNow: 'Not now',
  turnOn: 'Turn on',
  notificationsOn: 'Notifications on',
  deviceWillBeTold: 'This device will be told.',
  couldNotTurnOn: 'Could not turn on notifications',
  couldNotTurnOff: 'Could not turn off notifications',
};
