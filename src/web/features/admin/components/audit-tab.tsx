import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { auditActions, type AuditAction, type AuditEntry } from '#core/admin/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { useAuditLog } from '../api/use-audit-log.ts';
import { auditActionLabels, auditChanges, auditTarget, formatDateTime } from '../admin-format.ts';
import { EmptyState, ListSkeleton, LoadError } from './load-states.tsx';
import { Pager } from './pager.tsx';

const PAGE_SIZE = 25;

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="text-muted-foreground">{change.field}:</span> {change.before}{' '}
          <span aria-hidden>→</span>
          <span className="sr-only">changed to</span> {change.after}
        </li>
      ))}
    </ul>
  );
}

/** Who did what to which record, with the values before and after and the reason. Read-only. */
export function AuditTab() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const [page, setPage] = useState(1);
  const query = useAuditLog({ action: action || undefined, page, pageSize: PAGE_SIZE });
  return (
    <div className="grid gap-4">
      <div className="max-w-xs">
        <Field label="Action">
          {(ids) => (
            <NativeSelect
              {...ids}
              value={action}
              onChange={(event) => {
                setAction(event.target.value as AuditAction | '');
                setPage(1);
              }}
            >
              <option value="">All actions</option>
              {auditActions.map((a) => (
                <option key={a} value={a}>
                  {auditActionLabels[a]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      {query.isPending ? (
        <ListSkeleton label="Loading the audit log" rows={5} />
      ) : query.error ? (
        <LoadError
          message={`Could not load the audit log: ${query.error.message}`}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.entries.length === 0 ? (
        <EmptyState title="No audit entries" icon={ScrollText}>
          {action ? 'Nothing of this kind yet.' : 'Admin actions are recorded here.'}
        </EmptyState>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Audit log</caption>
              <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  {['When', 'Who', 'Action', 'Target', 'Before → After', 'Reason'].map(
                    (heading) => (
                      <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                        {heading}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y">
                {query.data.entries.map((entry) => (
                  <tr key={entry.id} data-testid="audit-row" className="align-top">
                    <td className="px-3 py-3 whitespace-nowrap">
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                    </td>
                    <td className="px-3 py-3">
                      <span className="grid">
                        <span className="font-semibold">{entry.actor.name}</span>
                        <span className="text-xs text-muted-foreground">{entry.actor.email}</span>
                      </span>
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap">
                      {auditActionLabels[entry.action]}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap">
                      <span className="font-mono">
                        {auditTarget(entry.targetType, entry.targetId)}
                      </span>
                    </td>
                    <td className="max-w-72 px-3 py-3">
                      <Changes entry={entry} />
                    </td>
                    <td className="max-w-64 px-3 py-3 break-words">{entry.reason ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 md:hidden" aria-label="Audit log">
            {query.data.entries.map((entry) => (
              <li key={entry.id}>
                <Card className="grid gap-1.5 p-4 text-sm" data-testid="audit-card">
                  <p className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-bold">{auditActionLabels[entry.action]}</span>
                    <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                      {formatDateTime(entry.createdAt)}
                    </time>
                  </p>
                  <p className="text-muted-foreground">
                    {entry.actor.name} ·{' '}
                    <span className="font-mono">
                      {auditTarget(entry.targetType, entry.targetId)}
                    </span>
                  </p>
                  <Changes entry={entry} />
                  {entry.reason ? <p className="break-words">Reason: {entry.reason}</p> : null}
                </Card>
              </li>
            ))}
          </ul>
          <Pager
            label="Audit log"
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data.total}
            busy={query.isPlaceholderData}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
