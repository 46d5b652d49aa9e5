import { useLocation, useSearch } from 'wouter';
import { toast } from '#web/components/ui/use-toast.ts';
import { useMe } from '../auth/index.ts';
import { withBookParam } from '#web/lib/book-param.ts';

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
      title: 'Sign in to book',
      description: `Sign in or create an account to book ${provider.businessName}.`,
    });
    navigate(`/?next=${encodeURIComponent(target)}`);
  };
}
