import { lazy, Suspense, useRef } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { useText } from '#web/lib/i18n.ts';
import { useNearView } from '#web/lib/use-near-view.ts';
import { profileText } from '../text.ts';

const AccountCards = lazy(() => import('./account-cards.tsx'));

/**
 * Where Notifications and Account Security go: far below the fold on a phone, their code (the
 * push device, the choices grid, the security forms) loads as the person scrolls towards them,
 * not with the page (docs/decisions/069-profile-loads-what-is-in-view.md).
 */
export function AccountCardsSlot({ user }: { user: PublicUser }) {
  const t = useText(profileText);
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearView(slot, '600px');
  // As tall as the two cards, so the page's length hardly changes when they arrive.
  const placeholder = (
    <div
      ref={slot}
      className="grid gap-4"
      role="status"
      aria-busy="true"
      aria-label={t('loadingAccountCards')}
    >
      <div className="h-[46rem] animate-pulse rounded-xl bg-muted" />
      <div className="h-[74rem] animate-pulse rounded-xl bg-muted" />
    </div>
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountCards user={user} />
    </Suspense>
  );
}
