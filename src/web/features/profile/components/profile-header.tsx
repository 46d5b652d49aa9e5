import type { UseMutationResult } from '@tanstack/react-query';
import { CircleDot, Truck, User, Wrench } from 'lucide-react';
import {
  providerStatuses,
  serviceTypeLabels,
  type ProviderStatus,
} from '#core/providers/catalog.ts';
import type { Provider } from '#core/providers/schemas.ts';
import { roleLabels, type PublicUser } from '#core/users/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { statusLook } from '#web/features/providers/index.ts';
import { Rating } from '#web/features/reviews/index.ts';
import { PhotoPicker } from './photo-picker.tsx';

const avatarIcon = { mobile_mechanic: Wrench, tire_shop: CircleDot, towing: Truck } as const;

/** Unknown statuses read as offline on the profile. */
const knownStatus = (status: string): ProviderStatus =>
  (providerStatuses as readonly string[]).includes(status) ? (status as ProviderStatus) : 'offline';

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
  const Icon = provider ? avatarIcon[provider.serviceType] : User;
  const status = provider ? knownStatus(provider.status) : null;
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex flex-wrap items-start gap-4">
        <PhotoPicker
          src={provider ? provider.profileImage : user.avatarUrl}
          fallback={Icon}
          label={provider ? 'Change business photo' : 'Change profile photo'}
          upload={photoUpload}
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="text-2xl font-extrabold leading-tight wrap-anywhere">
            {provider?.businessName ?? user.name}
          </h1>
          <p className="font-medium text-muted-foreground" data-testid="role-label">
            {provider ? serviceTypeLabels[provider.serviceType] : roleLabels[user.role]}
          </p>
          {provider ? <Rating rating={provider.rating} reviewCount={provider.reviewCount} /> : null}
        </div>
        <div className="flex w-full gap-2 sm:w-auto [&>button]:flex-1">
          {editing ? (
            <>
              <Button variant="outline" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
              <Button onClick={onSave} disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={onEdit}>
              Edit Profile
            </Button>
          )}
        </div>
      </div>
      {provider && status ? (
        <div className="flex flex-wrap gap-2" data-testid="profile-badges">
          <span
            className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold', statusLook(status).badge)}
          >
            {statusLook(status).label}
          </span>
          {provider.is24Hour ? <Badge variant="secondary">24/7 Service</Badge> : null}
          {provider.acceptsAAA ? <Badge variant="secondary">AAA Accepted</Badge> : null}
          {provider.verification !== 'approved' ? (
            <Badge variant="outline">
              {provider.verification === 'pending' ? 'Awaiting verification' : 'Not approved'}
            </Badge>
          ) : null}
        </div>
      ) : null}
      {provider && status && onStatus ? (
        <div className="grid gap-2">
          <p className="text-sm font-semibold" id="availability-label">
            Availability
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
                {statusLook(option).label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </Card>
  );
}
