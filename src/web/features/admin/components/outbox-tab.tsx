import { Mail, MessageSquare, Paperclip } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import type { OutboxMessage } from '#core/admin/outbox.ts';
import { useOutbox } from '../api/use-outbox.ts';
import { formatDateTime } from '../admin-format.ts';
import { EmptyState, ListSkeleton, LoadError } from './load-states.tsx';

const FIRST = 50;
const MOST = 200;
const PREVIEW = 240;

const deliveryLabels: Record<OutboxMessage['delivery'], string> = {
  outbox: 'In outbox',
  sent: 'Sent',
  failed: 'Failed',
};

const formatSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(bytes < 10240 ? 1 : 0)} KB`;

/** One message, its body as plain text: never rendered as HTML. */
function MessageCard({ message }: { message: OutboxMessage }) {
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
            <span className="sr-only">{isText ? 'Text message' : 'Email'}: </span>
            <span className="wrap-anywhere">{message.subject || '(no subject)'}</span>
          </p>
          <p className="truncate text-sm text-muted-foreground">To {message.to}</p>
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
            {deliveryLabels[message.delivery]}
          </Badge>
          <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
            {formatDateTime(message.createdAt)}
          </time>
        </div>
      </div>
      <p className="whitespace-pre-line wrap-anywhere text-sm">{preview}</p>
      {message.attachments.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Attachments">
          {message.attachments.map((file) => (
            <li key={file.filename} className="flex items-center gap-2 text-muted-foreground">
              <Paperclip className="size-4 shrink-0" aria-hidden />
              <span className="wrap-anywhere">{file.filename}</span>
              <span className="shrink-0">({formatSize(file.size)})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {message.text.length > PREVIEW ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold text-primary">Show full message</summary>
          <p className="mt-2 whitespace-pre-wrap wrap-anywhere rounded-lg bg-muted p-3 font-mono text-xs">
            {message.text}
          </p>
        </details>
      ) : null}
    </Card>
  );
}

/** The emails and texts the product wrote (kept here when no SMTP server is configured). */
export function OutboxTab() {
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
        aria-label="Outbox"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <div className="min-w-56 flex-1">
          <Field label="Recipient" hint="The exact email address or phone number.">
            {(ids) => (
              <Input
                {...ids}
                type="search"
                placeholder="owner@example.com"
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
          Filter
        </Button>
      </form>
      {query.isPending ? (
        <ListSkeleton label="Loading messages" rows={4} height={24} />
      ) : query.error ? (
        <LoadError
          message={`Could not load the outbox: ${query.error.message}`}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyState title="No messages" icon={Mail}>
          {to ? `Nothing was sent to ${to}.` : 'Emails and texts appear here once sent.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Newest {query.data.length} {query.data.length === 1 ? 'message' : 'messages'}
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
              Show more
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
