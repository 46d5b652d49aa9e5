import type { UseMutationResult } from '@tanstack/react-query';
import { CircleDot, Truck, User, Wrench } from 'lucide-react';
import { providerStatuses, type ProviderStatus } from '#core/providers/catalog.ts';
import type { Provider } from '#core/providers/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { statusLook } from '#web/features/providers/index.ts';
import { Rating } from '#web/features/reviews/index.ts';
import { profileText } from '../text.ts';
import { PhotoPicker } from './photo-picker.tsx';

const avatarIcon = { mobile_mechanic: Wrench, tire_shop: CircleDot, towing: Truck } as const;

/** Unknown statuses read as offline on the profile. */
const knownStatus = (status: string): ProviderStatus =>
  (providerStatuses as readonly string[]).includes(status) ? (status as ProviderStatus) : 'offline';

const statusKeys = {
  available: 'statusAvailable',
  busy: 'statusBusy',
  enroute: 'statusEnroute',
  offline: 'statusOffline',
} as const satisfies Record<ProviderStatus, string>;

export function ProfileHeader({
  user,
  provider,
  editing,
  saving,
  onEdit,
  onCancel,
  onSave,
  onStatus,
  statusBusy,
  photoUpload,
}: {
  user: PublicUser;
  provider: Provider | null;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: () => void;
  onStatus?: (status: ProviderStatus) => void;
  statusBusy?: boolean;
  photoUpload: UseMutationResult<unknown, Error, File>;
}) {
  const t = useText(profileText);
  const label = useLabel();
  const Icon = provider ? avatarIcon[provider.serviceType] : User;
  const status = provider ? knownStatus(provider.status) : null;
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-start gap-4">
        <PhotoPicker
          src={provider ? provider.profileImage : user.avatarUrl}
          fallback={Icon}
          label={provider ? t('changeBusinessPhoto') : t('changeProfilePhoto')}
          upload={photoUpload}
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="text-2xl font-extrabold leading-tight wrap-anywhere" translate="no">
            {provider?.businessName ?? user.name}
          </h1>
          <p className="font-medium text-muted-foreground" data-testid="role-label">
            {provider ? label('serviceType', provider.serviceType) : label('role', user.role)}
          </p>
          {provider ? <Rating rating={provider.rating} reviewCount={provider.reviewCount} /> : null}
        </div>
        <div className="flex w-full gap-2 sm:w-auto [&>button]:flex-1">
          {editing ? (
            <>
              <Button variant="outline" onClick={onCancel} disabled={saving}>
                {t('cancel')}
              </Button>
              <Button onClick={onSave} disabled={saving}>
                {saving ? t('saving') : t('save')}
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={onEdit}>
              {t('editProfile')}
            </Button>
          )}
        </div>
      </div>
      {provider && status ? (
        <div className="flex flex-wrap gap-2" data-testid="profile-badges">
          <span
            className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold', statusLook(status).badge)}
          >
            {t(statusKeys[status])}
          </span>
          {provider.is24Hour ? <Badge variant="secondary">{t('badge247')}</Badge> : null}
          {provider.acceptsAAA ? <Badge variant="secondary">{t('badgeAaa')}</Badge> : null}
          {provider.verification !== 'approved' ? (
            <Badge variant="outline">
              {provider.verification === 'pending' ? t('awaitingVerification') : t('notApproved')}
            </Badge>
          ) : null}
        </div>
      ) : null}
      {provider && status && onStatus ? (
        <div className="grid gap-2">
          <p className="text-sm font-semibold" id="availability-label">
            {t('availability')}
          </p>
          <div
            role="radiogroup"
            aria-labelledby="availability-label"
            className="grid grid-cols-2 gap-2 sm:grid-cols-4"
          >
            {providerStatuses.map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={status === option}
                disabled={statusBusy}
                onClick={() => status !== option && onStatus(option)}
                className={cn(
                  'flex h-11 items-center justify-center gap-2 rounded-lg border-2 text-sm font-semibold disabled:opacity-60',
                  status === option
                    ? 'border-primary bg-primary/10'
                    : 'border-border bg-card hover:bg-muted',
                )}
              >
                <span className={cn('size-2.5 rounded-full', statusLook(option).dot)} aria-hidden />
                {t(statusKeys[option])}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </Card>
  );
}
