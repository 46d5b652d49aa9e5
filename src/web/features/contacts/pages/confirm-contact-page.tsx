import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { INVALID_CONTACT_LINK_MESSAGE } from '#core/contacts/messages.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Card } from '#web/components/ui/card.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { useText } from '#web/lib/i18n.ts';
import { useConfirmContactEmail } from '../api/use-contacts.ts';
import { contactsText } from '../text.ts';

/** The link that confirms an email address: works once, on any device, signed in or not. */
export default function ConfirmContactPage() {
  const t = useText(contactsText);
  const search = useSearch();
  const token =
    new URLSearchParams(search).get('token') ??
    new URLSearchParams(window.location.hash.slice(1)).get('token') ??
    '';
  const confirm = useConfirmContactEmail();
  const { data: user } = useMe();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: the link works once.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-12">
      <Card className="grid gap-4 p-6">
        <h1 className="text-2xl font-bold">{t('confirmYourEmail')}</h1>
        {!token ? (
          <FormError message={INVALID_CONTACT_LINK_MESSAGE} />
        ) : confirm.isSuccess ? (
          <p className="flex items-start gap-2" role="status">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
            {confirm.data.message}
          </p>
        ) : confirm.isError ? (
          <FormError message={confirm.error.message} />
        ) : (
          <p role="status" className="text-muted-foreground">
            {t('confirming')}
          </p>
        )}
        {user ? (
          <Link href="/profile" className={buttonVariants({ variant: 'outline' })}>
            {t('goToProfile')}
          </Link>
        ) : (
          <Link href="/login" className={buttonVariants({ variant: 'outline' })}>
            {t('signIn')}
          </Link>
        )}
      </Card>
    </div>
  );
}
