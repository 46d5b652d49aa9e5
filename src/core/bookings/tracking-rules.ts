import { haversineMiles } from '../geo.ts';

/** The provider's device sends its position at most this often while a job is in progress. */
export const POSITION_INTERVAL_MS = 10_000;
/** Roads are longer than the great circle, and trucks in town slower than on the highway. */
const ROAD_FACTOR = 1.3;
const AVERAGE_MPH = 35;

export interface Approach {
  miles: number;
  /** Minutes at an average town speed over a road a third longer than the straight line. */
  etaMinutes: number;
}

/** How far the provider still is from the job, and roughly how long until they arrive. */
export function approach(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): Approach {
  const miles = haversineMiles(from, to);
  return { miles, etaMinutes: Math.max(1, Math.round(((miles * ROAD_FACTOR) / AVERAGE_MPH) * 60)) };
}

/**
 * The provider has arrived once a shared position comes this close to the job's place: about
 * 800 feet, a truck stop's lot, and more than a phone's usual error outdoors.
 */
export const ARRIVAL_RADIUS_MILES = 0.15;

/** Whether a position is within arrival distance of the job. */
export const hasArrived = (
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
) => haversineMiles(from, to) <= ARRIVAL_RADIUS_MILES;

/** Minutes a public ETA is rounded to. */
export const ROUGH_ETA_STEP_MINUTES = 5;

/**
 * The approach as a share link shows it: the distance to the nearest mile and the ETA to
 * 5 minutes (at least 5), both from the exact distance. Exact figures from three of the
 * provider's positions would place the job, which is where the driver is.
 */
export function roughApproach(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): Approach {
  const { miles, etaMinutes } = approach(from, to);
  const step = ROUGH_ETA_STEP_MINUTES;
  return {
    miles: Math.round(miles),
    etaMinutes: Math.max(step, Math.round(etaMinutes / step) * step),
  };
}
