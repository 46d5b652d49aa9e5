import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useText } from '#web/lib/i18n.ts';
import { adminText } from '../text.ts';

/** Previous and next page, with where the current page sits among the rows. */
export function Pager({
  label,
  page,
  pageSize,
  total,
  busy = false,
  onPage,
}: {
  /** What is paged, for the navigation's name: "Users pages". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  busy?: boolean;
  onPage: (page: number) => void;
}) {
  const t = useText(adminText);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={t('pagerLabel', { label })}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === 0 ? t('noRows') : t('rowRange', { first, last, total })} ·{' '}
        {t('pageOf', { page: Math.min(page, pages), pages })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1 || busy}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft aria-hidden />
          {t('previous')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
        >
          {t('next')}
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
