import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#web/components/ui/badge.tsx';
import type { AdminDelivery } from '#core/deliveries.ts';
import {
  deliveryChannels,
  deliveryStatuses,
  type DeliveryChannel,
  type DeliveryStatus,
} from '#core/delivery-channels.ts';
import { useDeliveries } from '../api/use-deliveries.ts';
import { useAdminDates } from '../admin-format.ts';
import { useText, type Translate } from '#web/lib/i18n.ts';
import { adminText, type AdminKey } from '../text.ts';
import { SelectFilter } from './admin-filters.tsx';
import { AdminQuery, AdminTable, usePaging, type AdminColumn } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';

const PAGE_SIZE = 25;

const channelKeys: Record<DeliveryChannel, AdminKey> = {
  push: 'channelPush',
  email: 'channelEmail',
  sms: 'channelText',
};
const statusKeys: Record<DeliveryStatus, AdminKey> = {
  queued: 'deliveryQueued',
  sent: 'deliverySent',
  failed: 'deliveryFailed',
  dropped: 'deliveryDropped',
};
const statusVariant = (status: DeliveryStatus) =>
  status === 'failed' ? 'destructive' : status === 'sent' ? 'success' : 'secondary';

function When({ at }: { at: string | null }) {
  const { dateTime } = useAdminDates();
  return at ? <time dateTime={at}>{dateTime(at)}</time> : <>—</>;
}

const deliveryColumns = (t: Translate<AdminKey>): AdminColumn<AdminDelivery>[] => [
  {
    heading: t('deliveryQueued'),
    className: 'whitespace-nowrap',
    cell: (d) => <When at={d.createdAt} />,
  },
  {
    heading: t('colTo'),
    className: 'max-w-56 break-words',
    cell: (d) => <span translate="no">{d.email}</span>,
  },
  { heading: t('colChannel'), cell: (d) => t(channelKeys[d.channel]) },
  {
    heading: t('status'),
    cell: (d) => <Badge variant={statusVariant(d.status)}>{t(statusKeys[d.status])}</Badge>,
  },
  { heading: t('colTries'), className: 'tabular-nums', cell: (d) => d.attempts },
  {
    heading: t('deliverySent'),
    className: 'whitespace-nowrap',
    cell: (d) => <When at={d.sentAt} />,
  },
  {
    heading: t('colLastError'),
    className: 'max-w-64 break-words',
    cell: (d) => <span translate="no">{d.lastError ?? '—'}</span>,
  },
];

function DeliveryCard({ delivery }: { delivery: AdminDelivery }) {
  const t = useText(adminText);
  return (
    <>
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">
          {t(channelKeys[delivery.channel])} ·{' '}
          <Badge variant={statusVariant(delivery.status)}>{t(statusKeys[delivery.status])}</Badge>
        </span>
        <span className="text-xs text-muted-foreground">
          <When at={delivery.createdAt} />
        </span>
      </p>
      <p className="break-words text-muted-foreground">
        <span translate="no">{delivery.email}</span> · {t('tries', { count: delivery.attempts })}
      </p>
      {delivery.lastError ? (
        <p className="break-words" translate="no">
          {delivery.lastError}
        </p>
      ) : null}
    </>
  );
}

/** What was sent outside the app, to whom and how it went; never what a message said. */
export function DeliveriesTab() {
  const t = useText(adminText);
  const columns = deliveryColumns(t);
  const [channel, setChannel] = useState<DeliveryChannel | ''>('');
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const { page, setPage, refilter } = usePaging();
  const query = useDeliveries({
    channel: channel || undefined,
    status: status || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  return (
    <div className="grid gap-4">
      <div className="grid max-w-md grid-cols-2 gap-3">
        <SelectFilter
          label={t('colChannel')}
          all={t('allChannels')}
          options={deliveryChannels}
          optionLabel={(c) => t(channelKeys[c])}
          value={channel}
          onChange={refilter(setChannel)}
        />
        <SelectFilter
          label={t('status')}
          all={t('allStatuses')}
          options={deliveryStatuses}
          optionLabel={(s) => t(statusKeys[s])}
          value={status}
          onChange={refilter(setStatus)}
        />
      </div>
      <AdminQuery query={query} loading={t('loadingDeliveries')} failed={t('deliveriesFailed')}>
        {(data) =>
          data.deliveries.length === 0 ? (
            <EmptyState title={t('noDeliveries')} icon={BellRing}>
              {channel || status ? t('nothingOfThisKind') : t('noDeliveriesYet')}
            </EmptyState>
          ) : (
            <AdminTable
              label={t('deliveryLog')}
              rows={data.deliveries}
              total={data.total}
              columns={columns}
              rowTestId="delivery-row"
              cardTestId="delivery-card"
              cardClassName="grid gap-1.5 p-4 text-sm"
              card={(delivery) => <DeliveryCard delivery={delivery} />}
              paging={{ page, pageSize: PAGE_SIZE, busy: query.isPlaceholderData, onPage: setPage }}
            />
          )
        }
      </AdminQuery>
    </div>
  );
}
