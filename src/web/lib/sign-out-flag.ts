/**
 * Set while a sign-out made on this device has not reached the server (lib/pending-sign-out.ts).
 * Kept apart so the API client reads it without loading IndexedDB code.
 */
export const SIGN_OUT_FLAG = 'tf-sign-out-pending';

export const signOutFlagged = () =>
  typeof localStorage !== 'undefined' && localStorage.getItem(SIGN_OUT_FLAG) === '1';
