export default {
  // Signing out offline
  signedOutHere: 'Signed out on this device',
  toldWhenOnline: 'Truck Finder is told as soon as you are back online.',
};
