import { useState, type ReactNode } from 'react';
import { ADMIN_NEEDS_SECOND_FACTOR } from '#core/auth/step-up.ts';
import { Card } from '#web/components/ui/card.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { ApiError } from '#web/api/transport.ts';
import { useMessage, useText } from '#web/lib/i18n.ts';
import { useMfaStatus } from '../api/use-second-factor.ts';
import { securityText } from '../security-text.ts';
import { TwoStepSettings } from './two-step-settings.tsx';

/** Shows enrolment first when the account must have two-step sign-in (an admin outside the demo). */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const status = useMfaStatus();
  const t = useText(securityText);
  const message = useMessage();
  const mustEnrol = Boolean(status.data?.required && !status.data.totp);
  // Held until the recovery codes are saved, though the account has the second factor by then.
  const [enrolling, setEnrolling] = useState(false);
  if (mustEnrol && !enrolling) setEnrolling(true);
  if (status.isPending)
    return (
      <p className="px-4 py-6 text-sm text-muted-foreground" role="status">
        {t('loading')}
      </p>
    );
  if (status.isError)
    return (
      <div className="mx-auto max-w-lg px-4 py-6">
        <FormError
          message={status.error instanceof ApiError ? status.error.message : t('somethingWrong')}
        />
      </div>
    );
  if (!mustEnrol && !enrolling) return <>{children}</>;
  return (
    <div className="mx-auto grid max-w-lg gap-4 px-4 py-6">
      <h1 className="text-2xl font-extrabold tracking-tight">{t('setUp')}</h1>
      <p className="text-sm">{message(ADMIN_NEEDS_SECOND_FACTOR)}.</p>
      <Card className="p-4">
        <TwoStepSettings onEnabled={() => setEnrolling(false)} />
      </Card>
    </div>
  );
}
