import { useState } from 'react';
import type { Vehicle } from '#core/users/schemas.ts';
import { tireTypes, vehicleTypes } from '#core/users/vehicles.ts';
import { Button } from '#web/components/ui/button.tsx';
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
import { useText } from '#web/lib/i18n.ts';
import { profileText } from '../text.ts';
import { tireTypeKeys, vehicleTypeKeys } from './vehicle-keys.ts';

/** Adds or edits one vehicle (loaded when the driver opens it). */
export function VehicleDialog({
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
  const t = useText(profileText);
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
        <DialogTitle>{vehicle.make ? t('editVehicle') : t('addVehicle')}</DialogTitle>
        <DialogDescription>{t('vehicleRequiredNote')}</DialogDescription>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('vehicleType')}>
            {(ids) => (
              <NativeSelect {...ids} value={draft.type} onChange={set('type')}>
                {vehicleTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(vehicleTypeKeys[type])}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label={t('year')}>
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
          <Field label={t('make')}>
            {(ids) => <Input {...ids} value={draft.make} onChange={set('make')} />}
          </Field>
          <Field label={t('model')}>
            {(ids) => <Input {...ids} value={draft.model} onChange={set('model')} />}
          </Field>
          <Field label={t('tireSize')}>
            {(ids) => (
              <Input
                {...ids}
                placeholder={t('tireSizePlaceholder')}
                value={draft.tireSize}
                onChange={set('tireSize')}
              />
            )}
          </Field>
          <Field label={t('tireType')}>
            {(ids) => (
              <NativeSelect {...ids} value={draft.tireType} onChange={set('tireType')}>
                {tireTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(tireTypeKeys[type])}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label={t('loadCapacityOptional')}>
            {(ids) => (
              <Input
                {...ids}
                placeholder={t('loadCapacityPlaceholder')}
                value={draft.loadCapacity ?? ''}
                onChange={set('loadCapacity')}
              />
            )}
          </Field>
          <Field label={t('licensePlateOptional')} hint={t('plateHint')}>
            {(ids) => (
              <Input
                {...ids}
                maxLength={15}
                autoCapitalize="characters"
                placeholder={t('platePlaceholder')}
                value={draft.licensePlate ?? ''}
                onChange={set('licensePlate')}
              />
            )}
          </Field>
          <Field label={t('vinOptional')} hint={t('vinHint')}>
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
        <Field label={t('notesOptional')}>
          {(ids) => (
            <Textarea {...ids} rows={2} value={draft.notes ?? ''} onChange={set('notes')} />
          )}
        </Field>
        <FormError message={missing ? t('vehicleFieldsMissing') : error} />
        <Button onClick={submit} disabled={saving}>
          {saving ? t('saving') : t('saveVehicle')}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
