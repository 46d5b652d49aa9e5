import { LogOut, User as UserIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { roleLabels } from '#core/users/roles.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
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

export default function UserMenu({ user }: { user: PublicUser }) {
  const logout = useLogout();
  const [, navigate] = useLocation();
  const initials = user.name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: () =>
        toast({
          title: 'Sign out failed',
          description: 'Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <div className="flex items-center gap-2">
      <Badge variant="secondary" data-testid="role-badge">
        {roleLabels[user.role]}
      </Badge>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Account menu for ${user.name}`}
            className="rounded-full"
          >
            <span className="flex size-9 items-center justify-center overflow-hidden rounded-full bg-primary text-sm font-bold text-primary-foreground">
              {user.avatarUrl ? (
                <img src={user.avatarUrl} alt="" className="size-full object-cover" />
              ) : (
                initials
              )}
            </span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>
            <span className="block font-semibold">{user.name}</span>
            <span className="block text-muted-foreground">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => navigate('/profile')}>
            <UserIcon aria-hidden /> Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={signOut} disabled={logout.isPending}>
            <LogOut aria-hidden /> Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
