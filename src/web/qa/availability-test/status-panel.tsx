import { Loader2, Undo2 } from 'lucide-react';
import type { ProviderStatus } from '#core/providers/catalog.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { StatusBadge } from '#web/features/providers/index.ts';
import {
  normaliseStatus,
  toggleFor,
  toggleLabels,
  toggleStatuses,
  type ToggleStatus,
} from './status-toggle.ts';
import { CheckStatusIcon } from '../shared/check-list.tsx';
import type { ToggleEntry } from './use-status-run.ts';
import { HeaderRow } from '../shared/header-row.tsx';

export function StatusPanel({
  providerId,
  status,
  originalStatus,
  toggles,
  busy,
  onToggle,
  onRestore,
}: {
  providerId: string;
  status: string;
  originalStatus: ProviderStatus | null;
  toggles: readonly ToggleEntry[];
  busy: boolean;
  onToggle: (status: ToggleStatus) => void;
  onRestore: () => void;
}) {
  const current = normaliseStatus(status);
  const last = toggles[0];
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-bold">Set the status</h2>
        <p className="text-sm text-muted-foreground wrap-anywhere">
          Each button calls PUT /api/providers/{providerId}/status.
        </p>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        Current status: <StatusBadge status={status} />
        {originalStatus !== null && (
          <span className="text-muted-foreground">
            (was {toggleLabels[toggleFor(originalStatus)]} before this page changed it)
          </span>
        )}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="group" aria-label="Set status">
        {toggleStatuses.map((option) => (
          <Button
            key={option}
            variant={normaliseStatus(option) === current ? 'default' : 'outline'}
            aria-pressed={normaliseStatus(option) === current}
            disabled={busy}
            onClick={() => onToggle(option)}
          >
            {toggleLabels[option]}
          </Button>
        ))}
      </div>
      <div aria-live="polite" className="grid gap-1 text-sm" data-testid="toggle-answer">
        {!last ? (
          <p className="text-muted-foreground">No status sent yet.</p>
        ) : !last.answer ? (
          <p className="flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Sending{' '}
            {toggleLabels[last.status]}…
          </p>
        ) : (
          <p
            className="flex flex-wrap items-center gap-2"
            data-status={last.answer.ok ? 'passed' : 'failed'}
          >
            <CheckStatusIcon status={last.answer.ok ? 'passed' : 'failed'} />
            <span className="wrap-anywhere">
              Sent {last.status}: HTTP {last.answer.status || '—'} {last.answer.message} ·{' '}
              {last.answer.ms} ms
              {last.answer.ok ? ` · status now ${last.answer.body.status}` : ''}
            </span>
          </p>
        )}
      </div>
      {originalStatus !== null && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={onRestore} disabled={busy}>
            <Undo2 aria-hidden /> Restore {toggleLabels[toggleFor(originalStatus)]}
          </Button>
          <p className="text-sm text-muted-foreground">
            Also restored by itself when you leave this page.
          </p>
        </div>
      )}
      {toggles.length > 0 && (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full min-w-[28rem] text-sm">
            <caption className="sr-only">Status changes sent from this page</caption>
            <thead className="bg-muted text-left">
              <HeaderRow
                cellClassName="p-2"
                cells={[
                  'Sent',
                  'Status',
                  'Answer',
                  { label: 'API', right: true },
                  { label: 'Event', right: true },
                ]}
              />
            </thead>
            <tbody>
              {toggles.map((entry) => (
                <tr key={entry.seq} className="border-t">
                  <td className="p-2 whitespace-nowrap tabular-nums">
                    {entry.sentAt.toLocaleTimeString()}
                  </td>
                  <td className="p-2">{entry.status}</td>
                  <td className="p-2 wrap-anywhere">
                    {entry.answer
                      ? `${entry.answer.status || '—'} ${entry.answer.ok ? (entry.answer.body.status ?? '') : entry.answer.message}`
                      : 'Sending…'}
                  </td>
                  <td className="p-2 text-right whitespace-nowrap tabular-nums">
                    {entry.answer ? `${entry.answer.ms} ms` : '—'}
                  </td>
                  <td className="p-2 text-right whitespace-nowrap tabular-nums">
                    {entry.eventDelayMs !== undefined ? `${entry.eventDelayMs} ms` : 'not heard'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
