import { STEP_UP_REQUIRED } from '#core/auth/step-up.ts';
import { apiUrl } from '#web/api/client.ts';
import { ApiError, confirmIdentity } from '#web/api/transport.ts';

const exportPaths = {
  bookings: '/admin/export/bookings.csv',
  payments: '/admin/export/payments.csv',
} as const;

/** The CSV downloads for a date range (both ends required by the API, `YYYY-MM-DD`, UTC days). */
export const exportUrl = (kind: keyof typeof exportPaths, from: string, to: string) =>
  apiUrl(exportPaths[kind], { params: { query: { from, to } } });

/**
 * Downloads an export. The server asks for a fresh proof of identity before a bulk read of
 * personal data: the re-check dialog opens and the download goes again once it is given.
 */
export async function downloadExport(url: string, filename: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, { credentials: 'include' });
    if (response.ok) {
      const href = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = href;
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
      return;
    }
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    const recheck = response.status === 403 && body.error === STEP_UP_REQUIRED;
    if (attempt === 0 && recheck && (await confirmIdentity())) continue;
    throw new ApiError(response.status, body.error ?? `${response.status}: Export failed`);
  }
}
