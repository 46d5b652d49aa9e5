// The bookings feature's public face: how a booking's status looks.
export { bookingStatusLook } from './booking-status.ts';
