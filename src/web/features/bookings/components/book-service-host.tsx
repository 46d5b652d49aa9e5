import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '#web/components/ui/use-toast.ts';
import { useMe } from '#web/features/auth/index.ts';
import { useBookableProvider } from '#web/features/providers/index.ts';
import { withoutBookParam } from '#web/lib/book-param.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { bookText } from '../book-text.ts';
import { BookServiceDialog } from './book-service-dialog.tsx';

/** Opens the Book Service dialog for `?book=<provider id>` on any page, and closes it by dropping that. */
export default function BookServiceHost({ providerId }: { providerId: string }) {
  const t = useText(bookText);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { data: user } = useMe();
  const provider = useBookableProvider(providerId);
  const close = () => navigate(`${path}${withoutBookParam(search)}`, { replace: true });

  const refusal = !user
    ? null
    : user.role !== 'driver'
      ? t('driversOnly')
      : provider.isError
        ? t('noProvider')
        : provider.data?.status === 'offline'
          ? t('providerOffline', { name: provider.data.businessName })
          : null;

  useEffect(() => {
    if (!refusal) return;
    toast({ title: textOf(bookText)('cannotBook'), description: refusal, variant: 'destructive' });
    navigate(`${path}${withoutBookParam(search)}`, { replace: true });
  }, [refusal, navigate, path, search]);

  if (!user || refusal || !provider.data) return null;
  return <BookServiceDialog provider={provider.data} onClose={close} />;
}
