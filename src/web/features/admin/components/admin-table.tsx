import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card } from '#web/components/ui/card.tsx';
import { useText } from '#web/lib/i18n.ts';
import { useMediaQuery, WIDE_SCREEN } from '#web/lib/use-media-query.ts';
import { adminText } from '../text.ts';
import { ListSkeleton, LoadError } from './load-states.tsx';
import { Pager } from './pager.tsx';

/** One column of an admin table: its heading, its cell's classes and what the cell shows. */
export interface AdminColumn<Row> {
  heading: string;
  /** Classes beside the cell's padding (width, wrapping). */
  className?: string;
  /** The cell's tooltip, for a value the cell may cut short. */
  title?: (row: Row) => string;
  cell: (row: Row) => ReactNode;
}

export interface AdminPaging {
  page: number;
  pageSize: number;
  busy: boolean;
  onPage: (page: number) => void;
}

/**
 * The page of a filtered list: `refilter(setX)` sets a filter and goes back to the first page,
 * since the page the admin was on may not exist under the new filter.
 */
export function usePaging() {
  const [page, setPage] = useState(1);
  const refilter =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  return { page, setPage, refilter };
}

/**
 * A loaded admin list: a skeleton while the first page loads, the error with a retry when it
 * failed, else the rows the caller renders.
 */
export function AdminQuery<Data>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<Data>;
  /** The skeleton's name: "Loading users". */
  loading: string;
  /** What failed, before the server's reason: "Could not load users". */
  failed: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton label={loading} rows={5} />;
  if (query.error) {
    return (
      <LoadError
        message={`${failed}: ${query.error.message}`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * One page of an admin list: a table from medium width, a card per row below it (following the
 * screen live), then the pager.
 * `count` names the rows for the "Showing n of total" line (none when absent); `empty`, when
 * given, stands in place of the table and cards when the page has no rows.
 */
export function AdminTable<Row extends { id: string }>({
  label,
  count,
  rows,
  total,
  columns,
  rowTestId,
  cardTestId,
  cardClassName,
  card,
  empty,
  paging,
}: {
  /** The table's caption, the card list's name and the pager's. */
  label: string;
  count?: string;
  rows: Row[];
  total: number;
  columns: AdminColumn<Row>[];
  rowTestId: string;
  cardTestId: string;
  cardClassName: string;
  card: (row: Row) => ReactNode;
  empty?: ReactNode;
  paging: AdminPaging;
}) {
  const t = useText(adminText);
  // One of the two is rendered: a phone's admin would otherwise pay for a hidden table of every
  // row beside the cards it sees.
  const wide = useMediaQuery(WIDE_SCREEN);
  return (
    <>
      {count ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('showing', { shown: rows.length, total, what: count })}
        </p>
      ) : null}
      {empty && rows.length === 0 ? (
        empty
      ) : (
        <>
          {wide ? (
            <div className="overflow-x-auto rounded-xl border bg-card">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{label}</caption>
                <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
                  <tr>
                    {columns.map(({ heading }) => (
                      <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {rows.map((row) => (
                    <tr key={row.id} data-testid={rowTestId} className="align-top">
                      {columns.map(({ heading, className, title, cell }) => (
                        <td
                          key={heading}
                          className={className ? `${className} px-3 py-3` : 'px-3 py-3'}
                          title={title?.(row)}
                        >
                          {cell(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul className="grid gap-3" aria-label={label}>
              {rows.map((row) => (
                <li key={row.id}>
                  <Card className={cardClassName} data-testid={cardTestId}>
                    {card(row)}
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <Pager
        label={label}
        page={paging.page}
        pageSize={paging.pageSize}
        total={total}
        busy={paging.busy}
        onPage={paging.onPage}
      />
    </>
  );
}
