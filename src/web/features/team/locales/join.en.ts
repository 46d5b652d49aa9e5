export default {
  invitationNotValid: 'Invitation Not Valid',
  deadLink:
    'This invitation link is not valid or has expired. Ask the business owner to send you a new one.',
  goHome: 'Go Home',
  welcome: 'Welcome to {business}',
  joinBusiness: 'Join {business}',
  invitedAs:
    'You are invited as a {role, select, dispatcher {Dispatcher} technician {Technician} other {{role}}}. Your account will use <0>{email}</0>.',
  createYourAccount: 'Create your account',
  fullName: 'Full Name',
  phone: 'Phone',
  phonePlaceholder: '(214) 555-0142',
  password: 'Password',
  creatingAccount: 'Creating Account...',
  createAndJoin: 'Create Account and Join',
  loadingInvitation: 'Loading invitation',
  tryAgain: 'Try Again',
  loading: 'Loading',
  signOutFirst: 'Sign Out First',
  signedInAs:
    'You are signed in as <0>{email}</0>. An account belongs to one business: sign out, then open the invitation link again to make the new account.',
  signOut: 'Sign Out',
};
