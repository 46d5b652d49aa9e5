// The registration feature's public face: server validation errors shown on a form's fields.
export { showServerErrors } from './server-errors.ts';
