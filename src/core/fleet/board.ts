/*
 * The fleet dashboard's rules without zod, for the web page's chunk (docs/product.md, "Fleet
 * dashboard"); the API's schemas are in schemas.ts.
 */

/** What a technician is doing now, from their jobs: on a job, assigned one, or free. */
export const technicianStatuses = ['in_progress', 'confirmed', 'free'] as const;
export type TechnicianStatus = (typeof technicianStatuses)[number];
export const technicianStatusLabels: Record<TechnicianStatus, string> = {
  in_progress: 'On a job',
  confirmed: 'Assigned',
  free: 'Free',
};

/** The board's columns, in order. Cancelled jobs leave the board. */
export const boardColumns = ['pending', 'confirmed', 'in_progress', 'completed'] as const;

/** "Rosa Diaz" → "Rosa" (a technician is named to drivers by first name only). */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/** "Rosa Diaz" → "Rosa D." */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  if (parts.length === 1) return parts[0]!;
  return `${parts[0]} ${parts[parts.length - 1]![0]!.toUpperCase()}.`;
}

/** The day in `timeZone` at `now`, as YYYY-MM-DD. */
export function dayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
