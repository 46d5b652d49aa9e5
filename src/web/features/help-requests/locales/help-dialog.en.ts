export default {
  title: 'Request help from nearby',
  description:
    'We ask up to {count} available providers at once. The first to accept gets the job; if nobody does within 5 minutes, we ask further out.',
  form: 'Request help',
  serviceType: 'Service Type',
  chooseService: 'Choose a service',
  location: 'Location',
  myLocation: 'My location ({latitude}, {longitude})',
  pickLegend: 'Ask these providers (optional)',
  chosen: '{count} of {max} chosen.',
  noneChosen: 'None chosen: we ask the {max} best available nearby.',
  cancel: 'Cancel',
  asking: 'Asking...',
  ask: 'Ask for help',
  requested: 'Help requested',
  requestedDescription:
    '{count, plural, one {# provider} other {# providers}} asked. The first to accept gets the job.',
};
