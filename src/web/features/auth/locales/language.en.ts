export default {
  label: 'Language',
  hint: 'Saved on your account, and on this device.',
  switchTo: 'Show the app in {language}',
  saveFailed: 'Could not save your language. Try again.',
};
