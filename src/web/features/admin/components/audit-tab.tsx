import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { auditActions, type AuditAction } from '#core/admin/audit-actions.ts';
import type { AuditEntry } from '#core/admin/schemas.ts';
import { useAuditLog } from '../api/use-audit-log.ts';
import { auditActionKeys, auditChanges, auditTarget, useAdminDates } from '../admin-format.ts';
import { useText, type Translate } from '#web/lib/i18n.ts';
import { adminText, type AdminKey } from '../text.ts';
import { SelectFilter } from './admin-filters.tsx';
import { AdminQuery, AdminTable, usePaging, type AdminColumn } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';

const PAGE_SIZE = 25;

function Changes({ entry }: { entry: AuditEntry }) {
  const t = useText(adminText);
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5" translate="no">
      {changes.map((change) => (
        <li key={change.field} className="break-words">
          <span className="text-muted-foreground">{change.field}:</span> {change.before}{' '}
          <span aria-hidden>→</span>
          <span className="sr-only" translate="yes">
            {t('changedTo')}
          </span>{' '}
          {change.after}
        </li>
      ))}
    </ul>
  );
}

const auditColumns = (
  t: Translate<AdminKey>,
  dateTime: (iso: string) => string,
): AdminColumn<AuditEntry>[] => [
  {
    heading: t('colWhen'),
    className: 'whitespace-nowrap',
    cell: (entry) => <time dateTime={entry.createdAt}>{dateTime(entry.createdAt)}</time>,
  },
  {
    heading: t('colWho'),
    cell: (entry) => (
      <span className="grid" translate="no">
        <span className="font-semibold">{entry.actor.name}</span>
        <span className="text-xs text-muted-foreground">{entry.actor.email}</span>
      </span>
    ),
  },
  {
    heading: t('colAction'),
    className: 'whitespace-nowrap',
    cell: (entry) => t(auditActionKeys[entry.action]),
  },
  {
    heading: t('colTarget'),
    className: 'whitespace-nowrap',
    cell: (entry) => (
      <span className="font-mono" translate="no">
        {auditTarget(entry.targetType, entry.targetId)}
      </span>
    ),
  },
  {
    heading: t('colChanges'),
    className: 'max-w-72',
    cell: (entry) => <Changes entry={entry} />,
  },
  {
    heading: t('reason'),
    className: 'max-w-64 break-words',
    cell: (entry) => <span translate="no">{entry.reason ?? '—'}</span>,
  },
];

function AuditCard({ entry }: { entry: AuditEntry }) {
  const t = useText(adminText);
  const { dateTime } = useAdminDates();
  return (
    <>
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">{t(auditActionKeys[entry.action])}</span>
        <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
          {dateTime(entry.createdAt)}
        </time>
      </p>
      <p className="text-muted-foreground" translate="no">
        {entry.actor.name} ·{' '}
        <span className="font-mono">{auditTarget(entry.targetType, entry.targetId)}</span>
      </p>
      <Changes entry={entry} />
      {entry.reason ? (
        <p className="break-words">
          {t('reasonIs')} <span translate="no">{entry.reason}</span>
        </p>
      ) : null}
    </>
  );
}

/** Who did what to which record, with the values before and after and the reason. Read-only. */
export function AuditTab() {
  const t = useText(adminText);
  const { dateTime } = useAdminDates();
  const columns = auditColumns(t, dateTime);
  const [action, setAction] = useState<AuditAction | ''>('');
  const { page, setPage, refilter } = usePaging();
  const query = useAuditLog({ action: action || undefined, page, pageSize: PAGE_SIZE });
  return (
    <div className="grid gap-4">
      <div className="max-w-xs">
        <SelectFilter
          label={t('colAction')}
          all={t('allActions')}
          options={auditActions}
          optionLabel={(a) => t(auditActionKeys[a])}
          value={action}
          onChange={refilter(setAction)}
        />
      </div>
      <AdminQuery query={query} loading={t('loadingAudit')} failed={t('auditFailed')}>
        {(data) =>
          data.entries.length === 0 ? (
            <EmptyState title={t('noAudit')} icon={ScrollText}>
              {action ? t('nothingOfThisKind') : t('noAuditYet')}
            </EmptyState>
          ) : (
            <AdminTable
              label={t('tabAudit')}
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
