import { useLocation } from 'wouter';
import { toast } from '../../components/ui/use-toast.ts';
import { useMe } from '../auth/api/use-me.ts';

/**
 * Where Book leads: the provider's page with its booking open; a signed-out visitor signs in
 * (or signs up) first and comes back to it.
 */
export function useBookAction() {
  const { data: user } = useMe();
  const [, navigate] = useLocation();
  return (provider: { id: string; businessName: string }) => {
    const target = `/providers/${provider.id}?book=1`;
    if (user) {
      navigate(target);
      return;
    }
    toast({
      title: 'Sign in to book',
      description: `Sign in or create an account to book ${provider.businessName}.`,
    });
    navigate(`/?next=${encodeURIComponent(target)}`);
  };
}
