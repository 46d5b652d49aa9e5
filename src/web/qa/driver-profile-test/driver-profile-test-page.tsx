import { useEffect, useState, type ReactNode } from 'react';
import type { Vehicle } from '#core/users/schemas.ts';
import { vehicleName } from '#core/users/vehicles.ts';
import { PageSpinner } from '#web/app/page-spinner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useMe } from '#web/features/auth/index.ts';
import { AddVehicleForm } from './add-vehicle-form.tsx';
import { DriverSummary } from './driver-summary.tsx';
import { FleetManualTests } from './fleet-manual-tests.tsx';
import { FleetOwnerCard } from './fleet-owner-card.tsx';
import { useFleetProfile, useSaveFleet, type FleetOwner } from './use-fleet.ts';
import { useTemporaryDriver } from './use-temporary-driver.ts';
import { VehicleFleet } from './vehicle-fleet.tsx';
import { InternalPage } from '../shared/internal-page.tsx';
import { SectionTabs } from '../shared/section-tabs.tsx';
import { pageApi } from '../shared/qa-api.ts';
import { vehiclesOf, withoutVehicle, withVehicle } from '../shared/profile/fleet.ts';

type Tab = 'fleet' | 'add' | 'manual';

export default function DriverProfileTestPage() {
  return (
    <InternalPage
      title="Driver Profile Test"
      description="A driver's vehicle fleet, read and saved through the live API (GET and PATCH /api/users/{id}). Drivers manage their own fleet; anyone else works on a temporary test driver."
    >
      <DriverProfileTest />
    </InternalPage>
  );
}

function DriverProfileTest() {
  const me = useMe();
  const temporary = useTemporaryDriver();
  const [tab, setTab] = useState<Tab>('fleet');
  const [removing, setRemoving] = useState<string>();

  const owner: FleetOwner | undefined =
    me.data?.role === 'driver'
      ? { userId: me.data.id, api: pageApi, own: true }
      : temporary.account
        ? { userId: temporary.account.user.id, api: temporary.account.api, own: false }
        : undefined;

  const profile = useFleetProfile(owner);
  const save = useSaveFleet(owner);

  useEffect(() => {
    if (profile.error)
      toast({
        title: 'Profile load failed',
        description: profile.error.message,
        variant: 'destructive',
      });
  }, [profile.error]);

  const addVehicle = async (vehicle: Vehicle) => {
    const user = profile.data;
    if (!user) throw new Error('The driver profile has not loaded');
    try {
      await save.mutateAsync(withVehicle(user.vehicleInfo, vehicle));
    } catch (error) {
      toast({
        title: 'Vehicle add failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
      throw error;
    }
    toast({ title: 'Vehicle added', description: vehicleName(vehicle), variant: 'success' });
    setTab('fleet');
  };

  const removeVehicle = (vehicle: Vehicle) => {
    const user = profile.data;
    if (!user) return;
    setRemoving(vehicle.id);
    save.mutate(withoutVehicle(user.vehicleInfo, vehicle.id), {
      onSuccess: () =>
        toast({ title: 'Vehicle removed', description: vehicleName(vehicle), variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
      onSettled: () => setRemoving(undefined),
    });
  };

  if (me.isPending) return <PageSpinner />;

  const needsDriver = (
    <Card className="p-6 text-center text-sm text-muted-foreground">
      Create a test driver above to see and change a fleet.
    </Card>
  );

  const fleetArea = (children: (user: NonNullable<typeof profile.data>) => ReactNode) => {
    if (!owner) return needsDriver;
    if (profile.isPending) return <PageSpinner />;
    if (profile.error)
      return (
        <div
          role="alert"
          className="grid justify-items-center gap-3 rounded-xl border-2 border-dashed border-destructive/50 py-8 text-center"
        >
          <p className="px-4 font-semibold wrap-anywhere text-destructive">
            Profile load failed: {profile.error.message}
          </p>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            Try Again
          </Button>
        </div>
      );
    return children(profile.data);
  };

  return (
    <div className="grid gap-4">
      <FleetOwnerCard me={me.data} temporary={temporary} />
      {owner && profile.data ? <DriverSummary user={profile.data} /> : null}
      <SectionTabs
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        listClassName="grid-flow-col"
        tabs={[
          {
            value: 'fleet',
            label: 'Vehicle Fleet',
            className: 'grid gap-3',
            content: (
              <>
                <h2 className="sr-only">Vehicle Fleet</h2>
                {fleetArea((user) => (
                  <VehicleFleet
                    vehicles={vehiclesOf(user)}
                    removing={removing}
                    onRemove={removeVehicle}
                    onAddFirst={() => setTab('add')}
                  />
                ))}
              </>
            ),
          },
          {
            value: 'add',
            label: 'Add Vehicle',
            className: 'grid gap-3',
            content: (
              <>
                <h2 className="sr-only">Add Vehicle</h2>
                {fleetArea(() => (
                  <Card className="p-4">
                    <AddVehicleForm onAdd={addVehicle} />
                  </Card>
                ))}
              </>
            ),
          },
          {
            value: 'manual',
            label: 'Manual Testing',
            keepMounted: true,
            content: <FleetManualTests />,
          },
        ]}
      />
    </div>
  );
}
