import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { auditActions, type AuditAction, type AuditEntry } from '#core/admin/schemas.ts';
import { useAuditLog } from '../api/use-audit-log.ts';
import { auditActionLabels, auditChanges, auditTarget, formatDateTime } from '../admin-format.ts';
import { SelectFilter } from './admin-filters.tsx';
import { AdminQuery, AdminTable, usePaging, type AdminColumn } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';

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

const columns: AdminColumn<AuditEntry>[] = [
  {
    heading: 'When',
    className: 'whitespace-nowrap',
    cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
  },
  {
    heading: 'Who',
    cell: (entry) => (
      <span className="grid">
        <span className="font-semibold">{entry.actor.name}</span>
        <span className="text-xs text-muted-foreground">{entry.actor.email}</span>
      </span>
    ),
  },
  {
    heading: 'Action',
    className: 'whitespace-nowrap',
    cell: (entry) => auditActionLabels[entry.action],
  },
  {
    heading: 'Target',
    className: 'whitespace-nowrap',
    cell: (entry) => (
      <span className="font-mono">{auditTarget(entry.targetType, entry.targetId)}</span>
    ),
  },
  { heading: 'Before → After', className: 'max-w-72', cell: (entry) => <Changes entry={entry} /> },
  { heading: 'Reason', className: 'max-w-64 break-words', cell: (entry) => entry.reason ?? '—' },
];

function AuditCard({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">{auditActionLabels[entry.action]}</span>
        <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
          {formatDateTime(entry.createdAt)}
        </time>
      </p>
      <p className="text-muted-foreground">
        {entry.actor.name} ·{' '}
        <span className="font-mono">{auditTarget(entry.targetType, entry.targetId)}</span>
      </p>
      <Changes entry={entry} />
      {entry.reason ? <p className="break-words">Reason: {entry.reason}</p> : null}
    </>
  );
}

/** Who did what to which record, with the values before and after and the reason. Read-only. */
export function AuditTab() {
  const [action, setAction] = useState<AuditAction | ''>('');
  const { page, setPage, refilter } = usePaging();
  const query = useAuditLog({ action: action || undefined, page, pageSize: PAGE_SIZE });
  return (
    <div className="grid gap-4">
      <div className="max-w-xs">
        <SelectFilter
          label="Action"
          all="All actions"
          options={auditActions}
          optionLabel={(a) => auditActionLabels[a]}
          value={action}
          onChange={refilter(setAction)}
        />
      </div>
      <AdminQuery query={query} loading="Loading the audit log" what="the audit log">
        {(data) =>
          data.entries.length === 0 ? (
            <EmptyState title="No audit entries" icon={ScrollText}>
              {action ? 'Nothing of this kind yet.' : 'Admin actions are recorded here.'}
            </EmptyState>
          ) : (
            <AdminTable
              label="Audit log"
              rows={data.entries}
              total={data.total}
              columns={columns}
              rowTestId="audit-row"
              cardTestId="audit-card"
              cardClassName="grid gap-1.5 p-4 text-sm"
              card={(entry) => <AuditCard entry={entry} />}
              paging={{ page, pageSize: PAGE_SIZE, busy: query.isPlaceholderData, onPage: setPage }}
            />
          )
        }
      </AdminQuery>
    </div>
  );
}
