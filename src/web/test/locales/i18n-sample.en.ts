export default {
  title: 'My Bookings',
  jobs: '{count, plural, one {# job} other {# jobs}}',
  agree: 'I agree to the <0>terms</0> today',
};
