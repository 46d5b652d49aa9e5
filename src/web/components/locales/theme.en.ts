export default {
  label: 'Theme',
  hintSignedIn:
    'Dark is easier on the eyes in the cab at night. Saved on this device and your account.',
  hintSignedOut: 'Dark is easier on the eyes in the cab at night. Saved on this device.',
  system: 'System',
  systemHint: 'Like your phone',
  light: 'Light',
  dark: 'Dark',
  saveFailed: 'Could not save the theme to your account. It is kept on this device.',
};
