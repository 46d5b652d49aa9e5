import { useId } from 'react';
import { serviceTypeLabels } from '#core/providers/catalog.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Slider } from '#web/components/ui/slider.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { cn } from '#web/lib/cn.ts';
import {
  activeFilterCount,
  availabilityOptions,
  defaultSearch,
  DISTANCE,
  FEE,
  ratingOptions,
  type SearchState,
} from '../search-state.ts';

const feeLabel = (fee: number) => (fee >= FEE.max ? `$${FEE.max}+` : `$${fee}`);

function Choice<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="pb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2" role="radiogroup" aria-label={legend}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={value === option.value}
            onClick={() => onChange(option.value)}
            className={cn(
              'h-10 rounded-full border-2 px-4 text-sm font-semibold',
              value === option.value
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-card',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The filters dialog's content, loaded the first time the Filters button is used. */
export default function FiltersPanel({
  state,
  update,
  located,
  open,
  onOpenChange,
  onClosed,
}: {
  state: SearchState;
  update: (changes: Partial<SearchState>) => void;
  located: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Puts the focus back on the button that opened the dialog. */
  onClosed: () => void;
}) {
  const count = activeFilterCount(state);
  const ids = { type: useId(), h24: useId(), aaa: useId() };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogTitle>Filters</DialogTitle>
        <DialogDescription>Narrow the providers shown. Changes apply right away.</DialogDescription>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.type}>Service type</Label>
          <NativeSelect
            id={ids.type}
            value={state.serviceType}
            onChange={(e) => update({ serviceType: e.target.value as SearchState['serviceType'] })}
          >
            <option value="all">All services</option>
            {Object.entries(serviceTypeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <div className="flex justify-between text-sm font-semibold">
            <span>Maximum distance</span>
            <span data-testid="distance-value">{state.distance} miles</span>
          </div>
          <Slider
            min={DISTANCE.min}
            max={DISTANCE.max}
            step={DISTANCE.step}
            value={[state.distance]}
            onValueChange={([distance]) => update({ distance })}
            thumbLabels={['Maximum distance in miles']}
          />
          {!located ? (
            <p className="text-xs text-muted-foreground">Applies once your location is known.</p>
          ) : null}
        </div>
        <div className="grid gap-1">
          <div className="flex justify-between text-sm font-semibold">
            <span>Visit fee</span>
            <span>
              {feeLabel(state.minFee)} – {feeLabel(state.maxFee)}
            </span>
          </div>
          <Slider
            min={FEE.min}
            max={FEE.max}
            step={FEE.step}
            minStepsBetweenThumbs={0}
            value={[state.minFee, state.maxFee]}
            onValueChange={([minFee, maxFee]) => update({ minFee, maxFee })}
            thumbLabels={['Minimum visit fee', 'Maximum visit fee']}
          />
        </div>
        <Choice
          legend="Minimum rating"
          options={ratingOptions}
          value={state.rating}
          onChange={(rating) => update({ rating })}
        />
        <div className="grid gap-2">
          {(
            [
              ['is24Hour', ids.h24, '24-hour service'],
              ['acceptsAAA', ids.aaa, 'Accepts AAA'],
            ] as const
          ).map(([key, id, label]) => (
            <div
              key={key}
              className="flex min-h-11 items-center justify-between rounded-lg border-2 px-3"
            >
              <Label htmlFor={id}>{label}</Label>
              <Switch
                id={id}
                checked={state[key]}
                onCheckedChange={(checked) => update({ [key]: checked })}
              />
            </div>
          ))}
        </div>
        <Choice
          legend="Availability"
          options={availabilityOptions}
          value={state.availability}
          onChange={(availability) => update({ availability })}
        />
        <Button
          variant="secondary"
          onClick={() =>
            update({
              serviceType: defaultSearch.serviceType,
              distance: defaultSearch.distance,
              minFee: defaultSearch.minFee,
              maxFee: defaultSearch.maxFee,
              rating: defaultSearch.rating,
              is24Hour: false,
              acceptsAAA: false,
              availability: defaultSearch.availability,
            })
          }
          disabled={count === 0}
        >
          Reset filters
        </Button>
      </DialogContent>
    </Dialog>
  );
}
