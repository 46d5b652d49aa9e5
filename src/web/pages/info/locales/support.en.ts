export default {
  title: 'Support',
  danger:
    '<0>In danger or blocking traffic?</0> Call 911 first, turn on your hazards and set out your warning triangles.',
  callTitle: 'Call us, 24/7',
  writeTitle: 'Write to us',
  questionsTitle: 'Common questions',
  findHelpQuestion: 'How do I find help near me?',
  findHelpAnswer:
    'Open <0>Find Services</0> and allow location access. Providers are sorted by availability, rating and distance.',
  passwordQuestion: 'I forgot my password.',
  passwordAnswer:
    'Use <0>Forgot your password?</0> on the sign-in screen; we email you a link that works once.',
  listShopQuestion: 'How do I list my shop?',
  listShopAnswer:
    'Apply on the <0>registration page</0> under Service Provider. We review applications within 24 hours.',
};
