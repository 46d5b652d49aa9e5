import { toQuery } from './admin-keys.ts';

/** The CSV downloads for a date range (both ends required by the API, `YYYY-MM-DD`, UTC days). */
export const exportUrl = (kind: 'bookings' | 'payments', from: string, to: string) =>
  `/api/admin/export/${kind}.csv${toQuery({ from, to })}`;
