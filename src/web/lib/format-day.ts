import { format } from 'date-fns';

/** Dates as "Nov 23, 2026". */
export const formatDay = (iso: string | Date) =>
  format(typeof iso === 'string' ? new Date(iso) : iso, 'MMM d, yyyy');
