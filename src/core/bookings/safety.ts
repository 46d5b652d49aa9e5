import type { PreferredTime } from './catalog.ts';

/** Where a broken-down truck stands, asked before an emergency or ASAP booking. */
export const truckPlaces = ['travel_lane', 'shoulder', 'parking'] as const;
export type TruckPlace = (typeof truckPlaces)[number];

export const truckPlaceLabels: Record<TruckPlace, string> = {
  travel_lane: 'In a live travel lane',
  shoulder: 'On the shoulder',
  parking: 'In a parking area or lot',
};

/** What the provider reads on the request: short, and only for a truck next to moving traffic. */
export const urgencyLabels: Partial<Record<TruckPlace, string>> = {
  travel_lane: 'Truck in a travel lane',
  shoulder: 'Truck on the shoulder',
};

/** The services that are emergencies whatever the time asked for. */
const emergencyServices = ['Emergency Service'];

/** An emergency service, or any service wanted as soon as possible. */
export const asksWhereTheTruckIs = (serviceType: string, preferredTime: PreferredTime | '') =>
  emergencyServices.includes(serviceType) || preferredTime === 'asap';

/** A truck in a lane or on a shoulder stands next to moving traffic. */
export const besideTraffic = (place: TruckPlace | null | undefined) =>
  place === 'travel_lane' || place === 'shoulder';
