export default {
  offline:
    "You are offline. Truck Finder will reconnect by itself; bookings you make now are sent when you're back online.",
  installTitle: 'Install Truck Finder',
  installHint: 'Add to your home screen for quick access to mobile mechanics and tire services',
  close: 'Close',
  install: 'Install',
};
