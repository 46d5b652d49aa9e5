import { Clock } from 'lucide-react';
import { serviceTypeLabels } from '#core/providers/catalog.ts';
import {
  reviewedFieldLabels,
  type OwnProvider,
  type PendingValues,
} from '#core/providers/pending-changes.ts';

/** One line per changed field; the two coordinates read as one "Map position". */
export function describePending(values: PendingValues): [string, string][] {
  const lines: [string, string][] = [];
  for (const [field, value] of Object.entries(values) as [keyof PendingValues, unknown][]) {
    if (field === 'longitude') continue;
    const shown =
      field === 'serviceType'
        ? serviceTypeLabels[value as keyof typeof serviceTypeLabels]
        : field === 'latitude'
          ? 'moved'
          : field === 'profileImage'
            ? 'a new photo'
            : value === null || value === ''
              ? 'removed'
              : String(value);
    lines.push([reviewedFieldLabels[field], shown]);
  }
  return lines;
}

/** Tells the owner which changes wait for review while drivers still see the approved details. */
export function PendingChangesNotice({ provider }: { provider: OwnProvider }) {
  if (!provider.pendingChanges) return null;
  return (
    <div
      role="status"
      className="mb-4 grid gap-2 rounded-xl border-2 border-amber-500 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Clock className="size-4" aria-hidden />
        Changes awaiting review
      </p>
      <p className="text-sm">
        Drivers see your current details until our team approves these changes.
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        {describePending(provider.pendingChanges.values).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
