// The bookings feature's public face: how a booking's status looks, the `?book=` parameter.
export { bookingStatusLook } from './booking-status.ts';
export { bookParam, BOOK_PARAM, withBookParam, withoutBookParam } from './book-param.ts';
export { TruckPlaceQuestion } from './components/truck-place-question.tsx';
export { VehicleDetailsField } from './components/vehicle-details-field.tsx';
