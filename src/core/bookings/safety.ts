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

/**
 * What to do now, for a truck next to moving traffic: plain words, in the order to do them
 * (where they come from: docs/decisions/027-safety-flow.md).
 */
export const safetyGuidance = {
  title: 'Stay safe while help is on the way',
  steps: [
    'Turn on your hazard lights now.',
    'If it is safe, put out your warning triangles: about 10, 100 and 200 feet behind the truck (on a two-way road, one 100 feet ahead).',
    'Get out on the side away from traffic, and wait behind the guardrail or well off the road if you can.',
    'Do not stand between the truck and traffic, and do not try to fix it in a live lane.',
  ],
  call911: 'Call 911',
  call911Hint:
    'Call 911 first if anyone is hurt, the truck is blocking a lane, or there is smoke, fire or a leak.',
  towOffer: 'Get towed to a safe place',
} as const;
