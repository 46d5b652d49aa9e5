import { Phone, Truck, TriangleAlert } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import type { BookServiceForm } from '#core/bookings/book-form.ts';
import { besideTraffic, truckPlaces, type TruckPlace } from '#core/bookings/safety.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useMessage, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { componentsText } from './text.ts';

const safetySteps = ['safetyStep1', 'safetyStep2', 'safetyStep3', 'safetyStep4'] as const;

/**
 * "Where is the truck?" before an emergency or ASAP booking. Next to moving traffic it shows
 * what to do now, a one-tap 911 call and a tow to a safe place; the answer goes with the booking.
 */
export function TruckPlaceQuestion({
  form,
  place,
  onTow,
}: {
  form: UseFormReturn<BookServiceForm>;
  place: TruckPlace | '';
  onTow: () => void;
}) {
  const t = useText(componentsText);
  const label = useLabel();
  const message = useMessage();
  const error = form.formState.errors.truckLocation?.message;
  return (
    <div className="grid gap-3">
      <fieldset
        className="grid gap-2"
        aria-describedby={error ? 'truck-place-error' : undefined}
        aria-invalid={Boolean(error)}
      >
        <legend className="mb-1 text-sm font-semibold leading-none">{t('whereIsTruck')}</legend>
        {truckPlaces.map((value) => (
          <label
            key={value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm',
              'has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2',
            )}
          >
            <input
              type="radio"
              value={value}
              className="size-4 accent-primary"
              {...form.register('truckLocation')}
            />
            {label('truckPlace', value)}
          </label>
        ))}
        {error ? (
          <p id="truck-place-error" className="text-sm font-medium text-destructive" role="alert">
            {message(error)}
          </p>
        ) : null}
      </fieldset>
      {besideTraffic(place || null) ? (
        <section
          aria-labelledby="safety-title"
          className="grid gap-3 rounded-xl border-2 border-destructive/60 bg-destructive/5 p-4"
        >
          <h3 id="safety-title" className="flex items-center gap-2 font-bold">
            <TriangleAlert className="size-5 text-destructive" aria-hidden />
            {t('safetyTitle')}
          </h3>
          <ol className="grid list-decimal gap-1.5 pl-5 text-sm">
            {safetySteps.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ol>
          <p className="text-sm text-muted-foreground">{t('call911Hint')}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            <a href="tel:911" className={buttonVariants({ variant: 'destructive' })}>
              <Phone aria-hidden /> {t('call911')}
            </a>
            <button
              type="button"
              className={buttonVariants({ variant: 'outline' })}
              onClick={onTow}
            >
              <Truck aria-hidden /> {t('towOffer')}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
