export default {
  loading: 'Loading live location...',
  waiting: 'Waiting for the provider to share their location.',
  section: 'Live tracking',
  away: '{distance} away · about {minutes} min',
  aboutAway: 'About {miles} mi away · about {minutes} min',
  shared: 'Live location shared',
  jobLocation: 'Job location',
  map: 'Live map: {name} on the way',
  notOffered: 'Live tracking is not offered by this provider',
};
