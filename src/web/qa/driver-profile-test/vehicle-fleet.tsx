import { Plus, Trash2, Truck } from 'lucide-react';
import type { Vehicle } from '#core/users/schemas.ts';
import { vehicleName } from '#core/users/vehicles.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { loadCapacityText, tireTypeLabels, vehicleTypeLabels } from '../shared/profile/fleet.ts';

/** The driver's vehicles as cards, or the empty state that leads to Add Vehicle. */
export function VehicleFleet({
  vehicles,
  removing,
  onRemove,
  onAddFirst,
}: {
  vehicles: readonly Vehicle[];
  removing: string | undefined;
  onRemove: (vehicle: Vehicle) => void;
  onAddFirst: () => void;
}) {
  if (vehicles.length === 0)
    return (
      <div className="grid justify-items-center gap-3 rounded-xl border-2 border-dashed py-10 text-center">
        <Truck className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-lg font-bold">No vehicles added</p>
        <Button onClick={onAddFirst}>
          <Plus aria-hidden /> Add Your First Vehicle
        </Button>
      </div>
    );
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Vehicles">
      {vehicles.map((vehicle, index) => (
        <li key={vehicle.id}>
          <Card className="grid h-full gap-3 p-4" data-testid="vehicle-card">
            <div className="flex items-start gap-3">
              <Truck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
              <div className="grid min-w-0 flex-1 gap-1">
                <h3 className="font-bold wrap-anywhere">{vehicleName(vehicle)}</h3>
                <div className="flex flex-wrap gap-1.5">
                  <Badge variant="secondary">{vehicleTypeLabels[vehicle.type]}</Badge>
                  <Badge variant="outline">{tireTypeLabels[vehicle.tireType]}</Badge>
                </div>
              </div>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Remove vehicle ${index + 1}: ${vehicleName(vehicle)}`}
                disabled={removing !== undefined}
                onClick={() => onRemove(vehicle)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Type</dt>
              <dd>{vehicleTypeLabels[vehicle.type]}</dd>
              <dt className="text-muted-foreground">Load capacity</dt>
              <dd className="wrap-anywhere">{loadCapacityText(vehicle)}</dd>
              <dt className="text-muted-foreground">Tire size</dt>
              <dd className="wrap-anywhere">{vehicle.tireSize}</dd>
            </dl>
            {vehicle.notes ? (
              <p className="rounded-lg bg-muted p-2 text-sm wrap-anywhere">{vehicle.notes}</p>
            ) : null}
            {removing === vehicle.id ? (
              <p className="text-sm text-muted-foreground" role="status">
                Removing...
              </p>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
