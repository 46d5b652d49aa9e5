import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#web/components/ui/badge.tsx';
import {
  deliveryChannels,
  deliveryStatuses,
  type AdminDelivery,
  type DeliveryChannel,
  type DeliveryStatus,
} from '#core/deliveries.ts';
import { useDeliveries } from '../api/use-deliveries.ts';
import { formatDateTime } from '../admin-format.ts';
import { SelectFilter } from './admin-filters.tsx';
import { AdminQuery, AdminTable, usePaging, type AdminColumn } from './admin-table.tsx';
import { EmptyState } from './load-states.tsx';

const PAGE_SIZE = 25;

const channelLabels: Record<DeliveryChannel, string> = {
  push: 'Push',
  email: 'Email',
  sms: 'Text',
};
const statusLabels: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  dropped: 'Dropped',
};
const statusVariant = (status: DeliveryStatus) =>
  status === 'failed' ? 'destructive' : status === 'sent' ? 'success' : 'secondary';

const When = ({ at }: { at: string | null }) =>
  at ? <time dateTime={at}>{formatDateTime(at)}</time> : <>—</>;

const columns: AdminColumn<AdminDelivery>[] = [
  { heading: 'Queued', className: 'whitespace-nowrap', cell: (d) => <When at={d.createdAt} /> },
  { heading: 'To', className: 'max-w-56 break-words', cell: (d) => d.email },
  { heading: 'Channel', cell: (d) => channelLabels[d.channel] },
  {
    heading: 'Status',
    cell: (d) => <Badge variant={statusVariant(d.status)}>{statusLabels[d.status]}</Badge>,
  },
  { heading: 'Tries', className: 'tabular-nums', cell: (d) => d.attempts },
  { heading: 'Sent', className: 'whitespace-nowrap', cell: (d) => <When at={d.sentAt} /> },
  { heading: 'Last error', className: 'max-w-64 break-words', cell: (d) => d.lastError ?? '—' },
];

function DeliveryCard({ delivery }: { delivery: AdminDelivery }) {
  return (
    <>
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">
          {channelLabels[delivery.channel]} ·{' '}
          <Badge variant={statusVariant(delivery.status)}>{statusLabels[delivery.status]}</Badge>
        </span>
        <span className="text-xs text-muted-foreground">
          <When at={delivery.createdAt} />
        </span>
      </p>
      <p className="break-words text-muted-foreground">
        {delivery.email} · {delivery.attempts} {delivery.attempts === 1 ? 'try' : 'tries'}
      </p>
      {delivery.lastError ? <p className="break-words">{delivery.lastError}</p> : null}
    </>
  );
}

/** What was sent outside the app, to whom and how it went; never what a message said. */
export function DeliveriesTab() {
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
          label="Channel"
          all="All channels"
          options={deliveryChannels}
          optionLabel={(c) => channelLabels[c]}
          value={channel}
          onChange={refilter(setChannel)}
        />
        <SelectFilter
          label="Status"
          all="All statuses"
          options={deliveryStatuses}
          optionLabel={(s) => statusLabels[s]}
          value={status}
          onChange={refilter(setStatus)}
        />
      </div>
      <AdminQuery query={query} loading="Loading the delivery log" what="the delivery log">
        {(data) =>
          data.deliveries.length === 0 ? (
            <EmptyState title="No deliveries" icon={BellRing}>
              {channel || status
                ? 'Nothing of this kind yet.'
                : 'Push messages are listed here as they are queued.'}
            </EmptyState>
          ) : (
            <AdminTable
              label="Delivery log"
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
