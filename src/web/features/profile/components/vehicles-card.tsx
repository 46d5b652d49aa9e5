import { Pencil, Plus, Trash2, Truck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { PublicUser, Vehicle } from '#core/users/schemas.ts';
import { vehicleName } from '#core/users/vehicles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { T, textOf, useText } from '#web/lib/i18n.ts';
import { useUpdateUser } from '../api/use-profile.ts';
import { profileText } from '../text.ts';
import { tireTypeKeys, vehicleTypeKeys } from './vehicle-keys.ts';

const VehicleDialog = lazy(() =>
  import('./vehicle-dialog.tsx').then((m) => ({ default: m.VehicleDialog })),
);

const blank = (): Vehicle => ({
  id: crypto.randomUUID(),
  type: 'truck',
  make: '',
  model: '',
  year: '',
  tireSize: '',
  tireType: 'commercial',
  loadCapacity: '',
  notes: '',
  licensePlate: '',
  vin: '',
});

/** The driver's fleet: saved at once, offered when booking. */
export function VehiclesCard({ user }: { user: PublicUser }) {
  const t = useText(profileText);
  const update = useUpdateUser(user.id);
  const [editing, setEditing] = useState<Vehicle | null>(null);
  const vehicles = user.vehicleInfo.vehicles ?? [];

  const save = (next: Vehicle[], done: 'vehicleAdded' | 'vehicleUpdated' | 'vehicleRemoved') =>
    update.mutate(
      { vehicleInfo: { ...user.vehicleInfo, vehicles: next } },
      {
        onSuccess: () => {
          toast({ title: textOf(profileText)(done), variant: 'success' });
          setEditing(null);
        },
        onError: (error) =>
          toast({
            title: textOf(profileText)('updateFailed'),
            description: error.message,
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{t('myVehicles')}</h2>
        {vehicles.length ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(blank())}>
            <Plus aria-hidden /> {t('addVehicle')}
          </Button>
        ) : null}
      </div>
      {vehicles.length === 0 ? (
        <div className="grid justify-items-center gap-2 py-6 text-center">
          <Truck className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">{t('noVehicles')}</p>
          <Button onClick={() => setEditing(blank())}>{t('addFirstVehicle')}</Button>
        </div>
      ) : (
        <ul className="grid gap-2" aria-label={t('vehiclesList')}>
          {vehicles.map((v) => (
            <li key={v.id} className="flex items-center gap-3 rounded-xl border-2 p-3">
              <Truck className="size-6 shrink-0 text-primary" aria-hidden />
              <div className="grid min-w-0 flex-1">
                <span className="font-semibold" translate="no">
                  {vehicleName(v)}
                </span>
                <span className="text-sm text-muted-foreground">
                  {t(vehicleTypeKeys[v.type])} · <span translate="no">{v.tireSize}</span>{' '}
                  {t(tireTypeKeys[v.tireType])}
                  {v.loadCapacity ? (
                    <>
                      {' · '}
                      <span translate="no">{v.loadCapacity}</span>
                    </>
                  ) : null}
                  {v.licensePlate ? (
                    <>
                      {' · '}
                      <T
                        text={profileText}
                        id="plateNamed"
                        values={{ plate: v.licensePlate }}
                        components={{ 0: <span translate="no" /> }}
                      />
                    </>
                  ) : null}
                </span>
              </div>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t('editNamed', { name: vehicleName(v) })}
                onClick={() => setEditing(v)}
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t('removeNamed', { name: vehicleName(v) })}
                disabled={update.isPending}
                onClick={() =>
                  save(
                    vehicles.filter((x) => x.id !== v.id),
                    'vehicleRemoved',
                  )
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <VehicleDialog
            vehicle={editing}
            saving={update.isPending}
            error={update.error?.message}
            onClose={() => setEditing(null)}
            onSave={(vehicle) =>
              save(
                vehicles.some((x) => x.id === vehicle.id)
                  ? vehicles.map((x) => (x.id === vehicle.id ? vehicle : x))
                  : [...vehicles, vehicle],
                vehicles.some((x) => x.id === vehicle.id) ? 'vehicleUpdated' : 'vehicleAdded',
              )
            }
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
