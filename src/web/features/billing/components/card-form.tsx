import { useForm } from 'react-hook-form';
import type { TestCardInput } from '#core/billing/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { cardText } from '../card-text.ts';
import type { CardFormValues } from '../card-form-schema.ts';
import {
  emptyCard,
  formatCardNumber,
  formatExpiry,
  testCards,
  toTestCard,
} from '../card-form-values.ts';
import { TestModeNotice } from './test-mode-notice.tsx';

const resolver = lazyResolver(() => import('../card-form-schema.ts').then((m) => m.cardFormSchema));

/** A future expiry for the test cards: December, three years ahead. */
const testExpiry = () => `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/**
 * The test gateway's card form: checks the number (Luhn), the expiry and the CVC before anything
 * is sent, and offers Stripe's test cards. Stripe mode uses Stripe Elements instead.
 */
export function CardForm({
  submitLabel,
  busy,
  onSubmit,
}: {
  submitLabel: string;
  busy: boolean;
  onSubmit: (card: TestCardInput) => void;
}) {
  const t = useText(cardText);
  const form = useForm<CardFormValues>({
    resolver,
    defaultValues: emptyCard,
  });
  const { errors, isSubmitted } = form.formState;
  const number = form.register('number');
  const expiry = form.register('expiry');

  const fillTestCard = (cardNumber: string) => {
    const options = { shouldValidate: isSubmitted };
    form.setValue('number', cardNumber, options);
    if (!form.getValues('expiry')) form.setValue('expiry', testExpiry(), options);
    if (!form.getValues('cvc')) form.setValue('cvc', '123', options);
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit((values) => onSubmit(toTestCard(values)))(event)}
    >
      <TestModeNotice>
        <p className="text-muted-foreground">{t('testGatewayHint')}</p>
        <ul className="grid gap-1">
          {testCards.map((card) => {
            const outcome = t('testOutcome', { outcome: card.outcome });
            return (
              <li key={card.number}>
                <button
                  type="button"
                  className="flex w-full items-center justify-between gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-warning/15 focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={t('useTestCard', { number: card.number, outcome })}
                  onClick={() => fillTestCard(card.number)}
                  disabled={busy}
                >
                  <span className="shrink-0 font-mono font-semibold tabular-nums">
                    {card.number}
                  </span>
                  <span className="text-right text-muted-foreground">{outcome}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </TestModeNotice>
      <fieldset disabled={busy} className="grid grid-cols-2 gap-4">
        <div className="col-span-2">
          <Field label={t('nameOnCard')} error={errors.name?.message}>
            {(ids) => <Input {...ids} autoComplete="cc-name" {...form.register('name')} />}
          </Field>
        </div>
        <div className="col-span-2">
          <Field label={t('cardNumber')} error={errors.number?.message}>
            {(ids) => (
              <Input
                {...ids}
                {...number}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                className="font-mono tabular-nums"
                onChange={(event) => {
                  event.target.value = formatCardNumber(event.target.value);
                  void number.onChange(event);
                }}
              />
            )}
          </Field>
        </div>
        <Field label={t('expiry')} error={errors.expiry?.message}>
          {(ids) => (
            <Input
              {...ids}
              {...expiry}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('expiryPlaceholder')}
              onChange={(event) => {
                event.target.value = formatExpiry(event.target.value);
                void expiry.onChange(event);
              }}
            />
          )}
        </Field>
        <Field label={t('cvc')} error={errors.cvc?.message}>
          {(ids) => (
            <Input
              {...ids}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder="123"
              {...form.register('cvc')}
            />
          )}
        </Field>
      </fieldset>
      <Button type="submit" disabled={busy}>
        {busy ? t('processing') : submitLabel}
      </Button>
    </form>
  );
}
