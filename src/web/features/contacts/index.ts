// The contacts feature's public face: confirming the email and phone, for the app layout.
export { ContactsBanner } from './components/contacts-banner.tsx';
export { PhoneCodeDialog } from './components/phone-code-dialog.tsx';
