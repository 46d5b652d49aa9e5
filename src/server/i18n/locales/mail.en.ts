/** Emails: subjects and texts. */
export default {
  notificationEmailSubject: 'Truck Finder: {title}',
  notificationEmailText:
    '{message}\n\nChoose which emails you get under Profile → Settings → Notifications.',

  resetSubject: 'Reset your Truck Finder password',
  resetText:
    'Hi {name},\n\nSomeone asked to reset the password of your Truck Finder account. To choose a new one, open:\n\n{link}\n\nThe link works once and expires in {minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.\n\n— Truck Finder',
  businessReadySubject: 'Your Truck Finder business account is ready',
  businessReadyText:
    'Hi {name},\n\n{business} is now listed on Truck Finder, verified by our team. To sign in and run your business from the app, choose your password here:\n\n{link}\n\nThe link works once and expires in {hours} hours; after that, use "Forgot your password" on the sign-in page with this email address.\n\n— Truck Finder',
  passwordChangedSubject: 'Your Truck Finder password was changed',
  passwordChangedText:
    'Hi {name},\n\nThe password of your Truck Finder account was just changed, and every other device was signed out.\n\nIf this was not you, reset your password at once with "Forgot your password" on the sign-in page ({link}) and write to support@truckfinder.test.\n\n— Truck Finder',
  confirmNewEmailSubject: 'Confirm your new Truck Finder email',
  confirmNewEmailText:
    'Hi {name},\n\nTo use this address for your Truck Finder account, open:\n\n{link}\n\nThe link works once and expires in {hours} hours. If you did not ask for it, ignore this email.\n\n— Truck Finder',
  emailAboutToChangeSubject: 'Your Truck Finder email is about to change',
  emailAboutToChangeText:
    'Hi {name},\n\nSomeone signed in to your Truck Finder account asked to change its email to {email}. It changes only once the link sent there is opened.\n\nIf this was not you, change your password now (Profile → Settings) and write to support@truckfinder.test.\n\n— Truck Finder',
  adminConfirmNewEmailText:
    'Hi {name},\n\nA Truck Finder administrator set this address as the email of your account. To use it, open:\n\n{link}\n\nThe link works once and expires in {hours} hours. If you did not expect it, ignore this email.\n\n— Truck Finder',
  adminEmailAboutToChangeText:
    'Hi {name},\n\nA Truck Finder administrator asked to change the email of your account to {email}. It changes only once the link sent there is opened.\n\nIf you did not expect this, write to support@truckfinder.test.\n\n— Truck Finder',
  emailChangedSubject: 'Your Truck Finder email was changed',
  emailChangedText:
    'Hi {name},\n\nYour Truck Finder account now uses {email}; this address no longer signs in.\n\nIf this was not you, write to support@truckfinder.test at once.\n\n— Truck Finder',
  confirmContactSubject: 'Confirm your Truck Finder email',
  confirmContactText:
    'Hi {name},\n\nTo get Truck Finder notifications at this address, confirm it by opening:\n\n{link}\n\nThe link works once and expires in {hours} hours. If you did not make a Truck Finder account, ignore this email.\n\n— Truck Finder',
  teamInviteSubject: 'Join {business} on Truck Finder',
  teamInviteText:
    'Hi,\n\n{inviter} invites you to join {business} on Truck Finder as {role, select, dispatcher {a dispatcher} technician {a technician} other {{role}}}. To make your account, open:\n\n{link}\n\nThe link works once and expires in {hours} hours. If you did not expect it, ignore this email.\n\n— Truck Finder',
};
