import { useEffect, useState } from 'react';
import type { PasswordOwner, PasswordStrength } from '#core/auth/password-strength.ts';
import { cn } from '../lib/cn.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { useMessage, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { componentsText } from './text.ts';

const barColours = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-green-600', 'bg-green-700'];

/**
 * How guessable the new password is, in words (announced politely) and as a bar. The estimator
 * and its dictionary load with the first keystroke, not with the page; the server applies the
 * same rule when the form is sent.
 */
export function PasswordMeter({
  password,
  owner = {},
}: {
  password: string;
  owner?: PasswordOwner;
}) {
  const typed = useDebounced(password, 150);
  const { email, username, name } = owner;
  const [result, setResult] = useState<{ password: string; strength: PasswordStrength }>();

  useEffect(() => {
    if (!typed) return;
    let current = true;
    import('#core/auth/password-strength.ts')
      .then((m) => m.passwordStrength(typed, { email, username, name }))
      .then(
        (strength) => {
          if (current) setResult({ password: typed, strength });
        },
        // Without the estimator (offline, chunk failed to load) the server still checks.
        () => {},
      );
    return () => {
      current = false;
    };
  }, [typed, email, username, name]);

  const t = useText(componentsText);
  const label = useLabel();
  const message = useMessage();
  const strength = password && result?.password === password ? result.strength : undefined;
  return (
    <div className="grid gap-1" data-testid="password-meter">
      {strength ? (
        <div className="grid grid-cols-4 gap-1" aria-hidden>
          {[1, 2, 3, 4].map((step) => (
            <span
              key={step}
              className={cn(
                'h-1.5 rounded-full',
                Math.max(strength.score, 1) >= step ? barColours[strength.score] : 'bg-muted',
              )}
            />
          ))}
        </div>
      ) : null}
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {strength ? (
          <>
            <span className="font-semibold text-foreground">
              {t('passwordStrength', { score: label('passwordScore', String(strength.score)) })}
            </span>{' '}
            {strength.problem ? message(strength.problem) : ''}
          </>
        ) : null}
      </p>
    </div>
  );
}
