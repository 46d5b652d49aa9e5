import { Mail, MessageSquare, X } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useText } from '#web/lib/i18n.ts';
import { useSendEmailLink } from '../api/use-contacts.ts';
import { contactsText } from '../text.ts';

const PhoneCodeDialog = lazy(async () => ({
  default: (await import('./phone-code-dialog.tsx')).PhoneCodeDialog,
}));

type Kind = 'email' | 'phone';

/** Dismissed rows stay hidden for this browser session only, per account. */
const dismissedKey = (userId: string, kind: Kind) => `tf-contacts-dismissed:${userId}:${kind}`;
const isDismissed = (userId: string, kind: Kind) => {
  try {
    return sessionStorage.getItem(dismissedKey(userId, kind)) === '1';
  } catch {
    return false;
  }
};

/**
 * Asks a signed-in user to confirm an unconfirmed email (a link) or phone (a code): only confirmed
 * contacts get notification emails and texts (docs/decisions/047-confirmed-contacts.md).
 */
export function ContactsBanner({ user }: { user: PublicUser }) {
  const t = useText(contactsText);
  const [dismissed, setDismissed] = useState(() => ({
    email: isDismissed(user.id, 'email'),
    phone: isDismissed(user.id, 'phone'),
  }));
  const dismiss = (kind: Kind) => {
    try {
      sessionStorage.setItem(dismissedKey(user.id, kind), '1');
    } catch {
      // Private mode without storage: hidden until the page reloads.
    }
    setDismissed((was) => ({ ...was, [kind]: true }));
  };
  const showEmail = !user.contacts.emailConfirmed && !dismissed.email;
  const showPhone = !user.contacts.phoneConfirmed && Boolean(user.phone) && !dismissed.phone;
  if (!showEmail && !showPhone) return null;
  return (
    <section
      aria-label={t('confirmYourContacts')}
      className="border-b bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto grid max-w-6xl gap-2 px-4 py-2">
        {showEmail ? <EmailRow onDismiss={() => dismiss('email')} /> : null}
        {showPhone ? <PhoneRow phone={user.phone} onDismiss={() => dismiss('phone')} /> : null}
      </div>
    </section>
  );
}

function Row({
  icon,
  text,
  dismissLabel,
  children,
  onDismiss,
}: {
  icon: ReactNode;
  text: string;
  /** Short, so it never matches the labels of the profile's email and phone fields. */
  dismissLabel: string;
  children: ReactNode;
  onDismiss: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <p className="flex min-w-0 flex-1 basis-56 items-start gap-2 text-sm font-medium">
        {icon}
        <span>{text}</span>
      </p>
      <div className="flex items-center gap-1">
        {children}
        <button
          type="button"
          onClick={onDismiss}
          aria-label={dismissLabel}
          className="rounded-lg p-2 text-amber-900 hover:bg-amber-100 dark:text-amber-100 dark:hover:bg-amber-900"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}

function EmailRow({ onDismiss }: { onDismiss: () => void }) {
  const t = useText(contactsText);
  const send = useSendEmailLink();
  return (
    <Row
      icon={<Mail className="mt-0.5 size-4 shrink-0" aria-hidden />}
      text={t('confirmEmailText')}
      dismissLabel={t('hideEmailReminder')}
      onDismiss={onDismiss}
    >
      {send.isSuccess ? (
        <span role="status" className="text-sm font-semibold text-green-800 dark:text-green-300">
          {t('sentCheckInbox')}
        </span>
      ) : send.isError ? (
        <span
          role="alert"
          className="max-w-64 text-sm font-semibold text-red-800 dark:text-red-300"
        >
          {send.error.message}
        </span>
      ) : (
        <Button
          size="sm"
          variant="outline"
          className="text-foreground"
          onClick={() => send.mutate()}
          disabled={send.isPending}
        >
          {send.isPending ? t('sending') : t('sendAgain')}
        </Button>
      )}
    </Row>
  );
}

function PhoneRow({ phone, onDismiss }: { phone: string; onDismiss: () => void }) {
  const t = useText(contactsText);
  const [open, setOpen] = useState(false);
  // The dialog's code (Radix's dialog, the code form) loads at the first press, not with the banner.
  const [opened, setOpened] = useState(false);
  return (
    <Row
      icon={<MessageSquare className="mt-0.5 size-4 shrink-0" aria-hidden />}
      text={t('confirmPhoneText')}
      dismissLabel={t('hidePhoneReminder')}
      onDismiss={onDismiss}
    >
      <Button
        size="sm"
        variant="outline"
        className="text-foreground"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('enterCode')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <PhoneCodeDialog phone={phone} open={open} onOpenChange={setOpen} sendOnOpen />
        </Suspense>
      ) : null}
    </Row>
  );
}
