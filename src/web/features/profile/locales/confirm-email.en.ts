export default {
  title: 'Confirm your email',
  invalidLink:
    'This confirmation link is invalid or has expired. Ask for a new one from your profile.',
  confirming: 'Confirming...',
  goToProfile: 'Go to your profile',
};
