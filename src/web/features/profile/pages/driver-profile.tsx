import { CalendarClock, CreditCard, LogOut, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useText } from '#web/lib/i18n.ts';
import type { useProfileEditor } from '../api/use-profile-editor.ts';
import { AccountCardsSlot } from '../components/account-cards-slot.tsx';
import { PersonalForm } from '../components/personal-form.tsx';
import { SettingsCard } from '../components/settings-card.tsx';
import { VehiclesCard } from '../components/vehicles-card.tsx';
import { QuickAction } from './quick-action.tsx';
import { profileText } from '../text.ts';

/** A driver's (or an admin's) profile: one column of cards under the header, no tabs. */
export function DriverProfile({
  user,
  header,
  editor,
  onSignOut,
}: {
  user: PublicUser;
  header: ReactNode;
  editor: ReturnType<typeof useProfileEditor>;
  onSignOut: () => void;
}) {
  const t = useText(profileText);
  return (
    <div className="mx-auto grid max-w-4xl gap-4 px-4 py-6">
      {header}
      <PersonalForm
        form={editor.forms.personal}
        editing={editor.editing}
        contacts={user.contacts}
      />
      <VehiclesCard user={user} />
      <SettingsCard user={user} />
      <AccountCardsSlot user={user} />
      <Card className="grid gap-2 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <QuickAction href="/bookings?tab=history" icon={<CalendarClock aria-hidden />}>
          {t('bookingHistory')}
        </QuickAction>
        <QuickAction href="/bookings?tab=history&show=to-rate" icon={<Star aria-hidden />}>
          {t('rateServices')}
        </QuickAction>
        <QuickAction href="/payment-methods" icon={<CreditCard aria-hidden />}>
          {t('paymentMethods')}
        </QuickAction>
        <QuickAction onClick={onSignOut} icon={<LogOut aria-hidden />}>
          {t('signOut')}
        </QuickAction>
      </Card>
    </div>
  );
}
