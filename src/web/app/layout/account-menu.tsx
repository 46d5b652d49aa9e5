import { LogOut, User as UserIcon } from 'lucide-react';
import type { ReactElement } from 'react';
import { useLocation } from 'wouter';
import type { PublicUser } from '#core/users/schemas.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useLogout } from '#web/features/auth/api/use-logout.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { appText } from '../text.ts';

/** The account's menu, open from the start: it loads on the first tap of its button (user-menu.tsx). */
export default function AccountMenu({
  user,
  trigger,
}: {
  user: PublicUser;
  trigger: ReactElement;
}) {
  const t = useText(appText);
  const logout = useLogout();
  const [, navigate] = useLocation();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: () =>
        toast({
          title: textOf(appText)('signOutFailed'),
          description: textOf(appText)('pleaseTryAgain'),
          variant: 'destructive',
        }),
    });

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel translate="no">
          <span className="block font-semibold">{user.name}</span>
          <span className="block text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserIcon aria-hidden /> {t('profile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={signOut} disabled={logout.isPending}>
          <LogOut aria-hidden /> {t('signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
