import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { meQueryKey } from '#web/features/auth/index.ts';
import { useText } from '#web/lib/i18n.ts';
import { useConfirmEmail } from '../api/use-account-security.ts';
import { confirmEmailText } from '../confirm-email-text.ts';

/** The link sent to a new email address: opening it makes the change. */
export default function ConfirmEmailPage() {
  const t = useText(confirmEmailText);
  const search = useSearch();
  // The token may also come in the fragment, which never reaches a server log.
  const token =
    new URLSearchParams(search).get('token') ??
    new URLSearchParams(window.location.hash.slice(1)).get('token') ??
    '';
  const confirm = useConfirmEmail();
  const queryClient = useQueryClient();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: the link works once.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token, {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
    });
  }, [token, confirm, queryClient]);

  return (
    <div className="mx-auto grid max-w-md gap-4 px-4 py-12">
      <Card className="grid gap-4 p-6">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        {!token ? (
          <FormError message={t('invalidLink')} />
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
        <Link href="/profile?tab=settings" className={buttonVariants({ variant: 'outline' })}>
          {t('goToProfile')}
        </Link>
      </Card>
    </div>
  );
}
