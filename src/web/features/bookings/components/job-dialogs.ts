import { lazy } from 'react';

// A job's dialogs load when someone opens one, not with the list of bookings.
export const ConfirmDialog = lazy(() =>
  import('./confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);
export const CompleteJobDialog = lazy(() =>
  import('./complete-job-dialog.tsx').then((m) => ({ default: m.CompleteJobDialog })),
);
