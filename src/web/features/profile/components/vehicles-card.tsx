import { Pencil, Plus, Trash2, Truck } from 'lucide-react';
import { useState } from 'react';
import { tireTypes, vehicleTypes, type PublicUser, type Vehicle } from '#core/users/schemas.ts';
import { vehicleName } from '#core/users/vehicles.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useUpdateUser } from '../api/use-profile.ts';

const label = (value: string) => value.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

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

function VehicleDialog({
  vehicle,
  saving,
  error,
  onSave,
  onClose,
}: {
  vehicle: Vehicle;
  saving: boolean;
  error: string | undefined;
  onSave: (vehicle: Vehicle) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(vehicle);
  const [missing, setMissing] = useState(false);
  const set = (key: keyof Vehicle) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: e.target.value });
  const submit = () => {
    if (![draft.make, draft.model, draft.year, draft.tireSize].every((v) => v.trim())) {
      setMissing(true);
      return;
    }
    onSave(draft);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{vehicle.make ? 'Edit Vehicle' : 'Add Vehicle'}</DialogTitle>
        <DialogDescription>Make, model, year and tire size are required.</DialogDescription>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Vehicle Type">
            {(ids) => (
              <NativeSelect {...ids} value={draft.type} onChange={set('type')}>
                {vehicleTypes.map((t) => (
                  <option key={t} value={t}>
                    {label(t)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Year">
            {(ids) => (
              <Input
                {...ids}
                inputMode="numeric"
                maxLength={4}
                value={draft.year}
                onChange={set('year')}
              />
            )}
          </Field>
          <Field label="Make">
            {(ids) => <Input {...ids} value={draft.make} onChange={set('make')} />}
          </Field>
          <Field label="Model">
            {(ids) => <Input {...ids} value={draft.model} onChange={set('model')} />}
          </Field>
          <Field label="Tire Size">
            {(ids) => (
              <Input
                {...ids}
                placeholder="295/75R22.5"
                value={draft.tireSize}
                onChange={set('tireSize')}
              />
            )}
          </Field>
          <Field label="Tire Type">
            {(ids) => (
              <NativeSelect {...ids} value={draft.tireType} onChange={set('tireType')}>
                {tireTypes.map((t) => (
                  <option key={t} value={t}>
                    {label(t)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Load Capacity (Optional)">
            {(ids) => (
              <Input
                {...ids}
                placeholder="80,000 lbs"
                value={draft.loadCapacity ?? ''}
                onChange={set('loadCapacity')}
              />
            )}
          </Field>
          <Field label="License Plate (Optional)" hint="Printed on your receipts.">
            {(ids) => (
              <Input
                {...ids}
                maxLength={15}
                autoCapitalize="characters"
                placeholder="TX 4KD-2291"
                value={draft.licensePlate ?? ''}
                onChange={set('licensePlate')}
              />
            )}
          </Field>
          <Field label="VIN (Optional)" hint="17 letters and digits, no I, O or Q.">
            {(ids) => (
              <Input
                {...ids}
                maxLength={17}
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono uppercase"
                value={draft.vin ?? ''}
                onChange={set('vin')}
              />
            )}
          </Field>
        </div>
        <Field label="Notes (Optional)">
          {(ids) => (
            <Textarea {...ids} rows={2} value={draft.notes ?? ''} onChange={set('notes')} />
          )}
        </Field>
        <FormError message={missing ? 'Please fill in all required vehicle fields' : error} />
        <Button onClick={submit} disabled={saving}>
          {saving ? 'Saving...' : 'Save Vehicle'}
        </Button>
      </DialogContent>
    </Dialog>
  );
}

/** The driver's fleet: saved at once, offered when booking. */
export function VehiclesCard({ user }: { user: PublicUser }) {
  const update = useUpdateUser(user.id);
  const [editing, setEditing] = useState<Vehicle | null>(null);
  const vehicles = user.vehicleInfo.vehicles ?? [];

  const save = (next: Vehicle[], done: string) =>
    update.mutate(
      { vehicleInfo: { ...user.vehicleInfo, vehicles: next } },
      {
        onSuccess: () => {
          toast({ title: done, variant: 'success' });
          setEditing(null);
        },
        onError: (error) =>
          toast({ title: 'Update Failed', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">My Vehicles</h2>
        {vehicles.length ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(blank())}>
            <Plus aria-hidden /> Add Vehicle
          </Button>
        ) : null}
      </div>
      {vehicles.length === 0 ? (
        <div className="grid justify-items-center gap-2 py-6 text-center">
          <Truck className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">No vehicles added</p>
          <Button onClick={() => setEditing(blank())}>Add Your First Vehicle</Button>
        </div>
      ) : (
        <ul className="grid gap-2" aria-label="Vehicles">
          {vehicles.map((v) => (
            <li key={v.id} className="flex items-center gap-3 rounded-xl border-2 p-3">
              <Truck className="size-6 shrink-0 text-primary" aria-hidden />
              <div className="grid min-w-0 flex-1">
                <span className="font-semibold">{vehicleName(v)}</span>
                <span className="text-sm text-muted-foreground">
                  {label(v.type)} · {v.tireSize} {label(v.tireType)}
                  {v.loadCapacity ? ` · ${v.loadCapacity}` : ''}
                  {v.licensePlate ? ` · Plate ${v.licensePlate}` : ''}
                </span>
              </div>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Edit ${vehicleName(v)}`}
                onClick={() => setEditing(v)}
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Remove ${vehicleName(v)}`}
                disabled={update.isPending}
                onClick={() =>
                  save(
                    vehicles.filter((x) => x.id !== v.id),
                    'Vehicle removed',
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
              vehicles.some((x) => x.id === vehicle.id) ? 'Vehicle updated' : 'Vehicle added',
            )
          }
        />
      ) : null}
    </Card>
  );
}
