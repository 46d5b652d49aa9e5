import { useId } from 'react';
import { serviceTypes } from '#core/providers/catalog.ts';
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
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { filtersText } from '../filters-text.ts';
import {
  activeFilterCount,
  availabilityOptions,
  defaultSearch,
  DISTANCE,
  FEE,
  ratingOptions,
  type SearchState,
} from '../search-state.ts';

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
  const t = useText(filtersText);
  const f = useFormat();
  const label = useLabel();
  const money = (fee: number) =>
    f.number(fee, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
  const feeLabel = (fee: number) =>
    fee >= FEE.max ? t('feeTop', { fee: money(FEE.max) }) : money(fee);
  const ids = { type: useId(), h24: useId(), aaa: useId() };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogTitle>{t('filters')}</DialogTitle>
        <DialogDescription>{t('intro')}</DialogDescription>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.type}>{t('serviceType')}</Label>
          <NativeSelect
            id={ids.type}
            value={state.serviceType}
            onChange={(e) => update({ serviceType: e.target.value as SearchState['serviceType'] })}
          >
            <option value="all">{t('allServices')}</option>
            {serviceTypes.map((value) => (
              <option key={value} value={value}>
                {label('serviceType', value)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <div className="flex justify-between text-sm font-semibold">
            <span>{t('maxDistance')}</span>
            <span data-testid="distance-value">{t('miles', { miles: state.distance })}</span>
          </div>
          <Slider
            min={DISTANCE.min}
            max={DISTANCE.max}
            step={DISTANCE.step}
            value={[state.distance]}
            onValueChange={([distance]) => update({ distance })}
            thumbLabels={[t('maxDistanceThumb')]}
          />
          {!located ? (
            <p className="text-xs text-muted-foreground">{t('appliesOnceLocated')}</p>
          ) : null}
        </div>
        <div className="grid gap-1">
          <div className="flex justify-between text-sm font-semibold">
            <span>{t('visitFee')}</span>
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
            thumbLabels={[t('minFeeThumb'), t('maxFeeThumb')]}
          />
        </div>
        <Choice
          legend={t('minRating')}
          options={ratingOptions.map((option) => ({
            value: option.value,
            label: option.label ? t(option.label) : `${f.number(Number(option.value))}+`,
          }))}
          value={state.rating}
          onChange={(rating) => update({ rating })}
        />
        <div className="grid gap-2">
          {(
            [
              ['is24Hour', ids.h24, 'is24Hour'],
              ['acceptsAAA', ids.aaa, 'acceptsAaa'],
            ] as const
          ).map(([key, id, text]) => (
            <div
              key={key}
              className="flex min-h-11 items-center justify-between rounded-lg border-2 px-3"
            >
              <Label htmlFor={id}>{t(text)}</Label>
              <Switch
                id={id}
                checked={state[key]}
                onCheckedChange={(checked) => update({ [key]: checked })}
              />
            </div>
          ))}
        </div>
        <Choice
          legend={t('availability')}
          options={availabilityOptions.map((option) => ({
            value: option.value,
            label: t(option.label),
          }))}
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
          {t('resetFilters')}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
