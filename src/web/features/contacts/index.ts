// The contacts feature's public face: the banner asking to confirm the email and phone, for the
// app layout (its code loads on demand).
export { contactsBanner, hasContactsToConfirm } from './banner-slot.ts';
