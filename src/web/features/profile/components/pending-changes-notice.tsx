import { Clock } from 'lucide-react';
import type { OwnProvider, PendingValues } from '#core/providers/pending-changes.ts';
import { useText, type Translate } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { profileText } from '../text.ts';

type Label = ReturnType<typeof useLabel>;
type Line = { field: string; label: string; value: string; own: boolean };

/**
 * One line per changed field; the two coordinates read as one "Map position". `own`: the value is
 * the owner's own text (not translated).
 */
export function describePending(
  values: PendingValues,
  t: Translate<NonNullable<typeof profileText.keys>>,
  label: Label,
): Line[] {
  const lines: Line[] = [];
  for (const [field, value] of Object.entries(values) as [keyof PendingValues, unknown][]) {
    if (field === 'longitude') continue;
    const [shown, own] =
      field === 'serviceType'
        ? [label('serviceType', String(value)), false]
        : field === 'latitude'
          ? [t('pendingMoved'), false]
          : field === 'profileImage'
            ? [t('pendingNewPhoto'), false]
            : value === null || value === ''
              ? [t('pendingRemoved'), false]
              : [String(value), true];
    lines.push({ field, label: label('reviewedField', field), value: shown, own });
  }
  return lines;
}

/** Tells the owner which changes wait for review while drivers still see the approved details. */
export function PendingChangesNotice({ provider }: { provider: OwnProvider }) {
  const t = useText(profileText);
  const label = useLabel();
  if (!provider.pendingChanges) return null;
  return (
    <div
      role="status"
      className="mb-4 grid gap-2 rounded-xl border-2 border-amber-500 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Clock className="size-4" aria-hidden />
        {t('changesAwaitingReview')}
      </p>
      <p className="text-sm">{t('pendingNote')}</p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        {describePending(provider.pendingChanges.values, t, label).map(
          ({ field, label: name, value, own }) => (
            <div key={field} className="contents">
              <dt className="font-medium">{name}</dt>
              <dd className="break-words" translate={own ? 'no' : undefined}>
                {value}
              </dd>
            </div>
          ),
        )}
      </dl>
    </div>
  );
}
