import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { ApiError } from '#web/api/transport.ts';
import { useText } from '#web/lib/i18n.ts';
import { payoutsText } from '../text.ts';
import { useSubmitTestOnboarding, type TestAccount } from '../api/use-test-onboarding.ts';

type Outcome = 'verified' | 'unreadable';

const outcomes = [
  ['verified', 'verified', 'verifiedEffect'],
  ['unreadable', 'unreadableLabel', 'unreadableEffect'],
] as const;

/** The test gateway asks for an identity document: choose how its check turns out. */
export function IdDocumentStep({
  accountId,
  onDone,
}: {
  accountId: string;
  onDone: (account: TestAccount) => void;
}) {
  const t = useText(payoutsText);
  const submit = useSubmitTestOnboarding(accountId);
  const [outcome, setOutcome] = useState<Outcome>('verified');
  const [failure, setFailure] = useState<string>();
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(undefined);
        submit.mutate(
          { idDocument: outcome },
          {
            onSuccess: onDone,
            onError: (error) =>
              setFailure(error instanceof ApiError ? error.message : t('somethingWrong')),
          },
        );
      }}
    >
      <fieldset className="grid gap-2" disabled={submit.isPending}>
        <legend className="mb-1 font-bold">{t('identityDocument')}</legend>
        <p className="text-sm text-muted-foreground">{t('documentHint')}</p>
        {outcomes.map(([value, label, effect]) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-3 rounded-xl border-2 p-3 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name="id-document"
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
              className="size-4 accent-primary"
            />
            <span className="grid">
              <span className="font-semibold">{t(label)}</span>
              <span className="text-sm text-muted-foreground">{t(effect)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormError message={failure} />
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? t('sending') : t('sendDocument')}
      </Button>
    </form>
  );
}
