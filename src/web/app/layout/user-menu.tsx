import { lazy, Suspense, useState } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useText } from '#web/lib/i18n.ts';
import { useRoleLabel } from '#web/lib/role-label.ts';
import { appText } from '../text.ts';

// The menu (Radix, with its positioning) is loaded by the first tap, not by every page.
const loadAccountMenu = () => import('./account-menu.tsx');
const AccountMenu = lazy(loadAccountMenu);

export default function UserMenu({ user }: { user: PublicUser }) {
  const t = useText(appText);
  const roleLabel = useRoleLabel();
  const [wanted, setWanted] = useState(false);
  const initials = user.name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  const avatar = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('accountMenu', { name: user.name })}
      aria-haspopup="menu"
      className="rounded-full"
      onPointerEnter={() => void loadAccountMenu()}
      onClick={() => setWanted(true)}
    >
      <span
        translate="no"
        className="flex size-9 items-center justify-center overflow-hidden rounded-full bg-primary text-sm font-bold text-primary-foreground"
      >
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="size-full object-cover" />
        ) : (
          initials
        )}
      </span>
    </Button>
  );

  return (
    <div className="flex items-center gap-2">
      <Badge variant="secondary" data-testid="role-badge">
        {roleLabel(user.role)}
      </Badge>
      {wanted ? (
        <Suspense fallback={avatar}>
          <AccountMenu user={user} trigger={avatar} />
        </Suspense>
      ) : (
        avatar
      )}
    </div>
  );
}
