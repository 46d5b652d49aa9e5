import { Mail, MessageSquare, Paperclip } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import type { OutboxMessage } from '#core/admin/outbox.ts';
import { useOutbox } from '../api/use-outbox.ts';
import { useAdminDates } from '../admin-format.ts';
import { useFormat } from '#web/lib/format.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { adminText, type AdminKey } from '../text.ts';
import { EmptyState, ListSkeleton, LoadError } from './load-states.tsx';

const FIRST = 50;
const MOST = 200;
const PREVIEW = 240;

const deliveryKeys: Record<OutboxMessage['delivery'], AdminKey> = {
  outbox: 'inOutbox',
  sent: 'deliverySent',
  failed: 'deliveryFailed',
};

function useFileSize() {
  const t = useText(adminText);
  const f = useFormat();
  return (bytes: number) =>
    bytes < 1024
      ? t('sizeBytes', { size: f.number(bytes) })
      : t('sizeKb', {
          size: f.number(bytes / 1024, {
            minimumFractionDigits: bytes < 10240 ? 1 : 0,
            maximumFractionDigits: bytes < 10240 ? 1 : 0,
          }),
        });
}

/** One message, its body as plain text: never rendered as HTML. */
function MessageCard({ message }: { message: OutboxMessage }) {
  const t = useText(adminText);
  const { dateTime } = useAdminDates();
  const formatSize = useFileSize();
  const isText = !message.to.includes('@');
  const Icon = isText ? MessageSquare : Mail;
  const preview =
    message.text.length > PREVIEW ? `${message.text.slice(0, PREVIEW).trimEnd()}…` : message.text;
  return (
    <Card className="grid min-w-0 gap-2 p-4" data-testid="outbox-message">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="flex items-center gap-2 font-bold">
            <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="sr-only">{t(isText ? 'textMessageLabel' : 'emailLabel')} </span>
            {message.subject ? (
              <span className="wrap-anywhere" translate="no">
                {message.subject}
              </span>
            ) : (
              <span className="wrap-anywhere">{t('noSubject')}</span>
            )}
          </p>
          <p className="truncate text-sm text-muted-foreground">
            <T
              text={adminText}
              id="toRecipient"
              values={{ to: message.to }}
              components={{ 0: <span translate="no" /> }}
            />
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge
            variant={
              message.delivery === 'failed'
                ? 'destructive'
                : message.delivery === 'sent'
                  ? 'success'
                  : 'outline'
            }
          >
            {t(deliveryKeys[message.delivery])}
          </Badge>
          <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
            {dateTime(message.createdAt)}
          </time>
        </div>
      </div>
      <p className="whitespace-pre-line wrap-anywhere text-sm" translate="no">
        {preview}
      </p>
      {message.attachments.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label={t('attachments')}>
          {message.attachments.map((file) => (
            <li key={file.filename} className="flex items-center gap-2 text-muted-foreground">
              <Paperclip className="size-4 shrink-0" aria-hidden />
              <span className="wrap-anywhere" translate="no">
                {file.filename}
              </span>
              <span className="shrink-0">({formatSize(file.size)})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {message.text.length > PREVIEW ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-primary">
            {t('showFullMessage')}
          </summary>
          <p
            translate="no"
            className="mt-2 whitespace-pre-wrap wrap-anywhere rounded-lg bg-muted p-3 font-mono text-xs"
          >
            {message.text}
          </p>
        </details>
      ) : null}
    </Card>
  );
}

/** The emails and texts the product wrote (kept here when no SMTP server is configured). */
export function OutboxTab() {
  const t = useText(adminText);
  const [draft, setDraft] = useState('');
  const [to, setTo] = useState('');
  const [limit, setLimit] = useState(FIRST);
  const query = useOutbox({ to: to || undefined, limit });
  const apply = (value: string) => {
    setTo(value.trim());
    setLimit(FIRST);
  };
  return (
    <div className="grid gap-4">
      <form
        className="flex max-w-xl flex-wrap items-end gap-2"
        role="search"
        aria-label={t('tabOutbox')}
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <div className="min-w-56 flex-1">
          <Field label={t('recipient')} hint={t('recipientHint')}>
            {(ids) => (
              <Input
                {...ids}
                type="search"
                placeholder={t('recipientPlaceholder')}
                value={draft}
                onChange={(event) => {
                  setDraft(event.target.value);
                  // Clearing the box shows every message again.
                  if (event.target.value === '') apply('');
                }}
              />
            )}
          </Field>
        </div>
        <Button type="submit" variant="outline" className="mb-7">
          {t('filter')}
        </Button>
      </form>
      {query.isPending ? (
        <ListSkeleton label={t('loadingMessages')} rows={4} height={24} />
      ) : query.error ? (
        <LoadError
          message={`${t('outboxFailed')}: ${query.error.message}`}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyState title={t('noMessages')} icon={Mail}>
          {to ? (
            <T
              text={adminText}
              id="nothingSentTo"
              values={{ to }}
              components={{ 0: <span translate="no" /> }}
            />
          ) : (
            t('noMessagesYet')
          )}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('newestMessages', { count: query.data.length })}
          </p>
          <ul className="grid gap-3">
            {query.data.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ul>
          {query.data.length >= limit && limit < MOST ? (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={query.isFetching}
              onClick={() => setLimit(MOST)}
            >
              {t('showMore')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
