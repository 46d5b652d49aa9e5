import { useLocation, useSearch } from 'wouter';
import { createElement } from 'react';
import { toast } from '#web/components/ui/use-toast.ts';
import { T, textOf } from '#web/lib/i18n.ts';
import { useMe } from '../auth/index.ts';
import { withBookParam } from '#web/lib/book-param.ts';
import { providersText, type ProvidersKey } from './text.ts';

/**
 * Book opens the Book Service dialog right where the driver is; a signed-out visitor signs in (or
 * signs up) first and comes back to the same page with the dialog open.
 */
export function useBookAction() {
  const { data: user } = useMe();
  const [path, navigate] = useLocation();
  const search = useSearch();
  return (provider: { id: string; businessName: string }) => {
    const target = `${path}${withBookParam(search, provider.id)}`;
    if (user) {
      navigate(target, { replace: true });
      return;
    }
    toast({
      title: textOf(providersText)('signInToBook'),
      description: createElement(T<ProvidersKey>, {
        text: providersText,
        id: 'signInToBookText',
        values: { name: provider.businessName },
        components: { 0: createElement('span', { translate: 'no', children: null }) },
      }),
    });
    navigate(`/?next=${encodeURIComponent(target)}`);
  };
}
