import { Moon, Smartphone, Sun, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { Theme } from '#core/users/theme.ts';
import { useText } from '#web/lib/i18n.ts';
import { setTheme, useTheme } from '#web/lib/theme.ts';
import { themeText } from './theme-text.ts';

const options: { value: Theme; icon: LucideIcon; hint?: 'systemHint' }[] = [
  { value: 'system', icon: Smartphone, hint: 'systemHint' },
  { value: 'light', icon: Sun },
  { value: 'dark', icon: Moon },
];

/**
 * Settings' three-way theme switch (System, Light, Dark): native radio buttons in a fieldset, so
 * the arrow keys move between them. A choice is in force and kept on the device at once, then
 * sent to the account through `save` when someone is signed in.
 */
export function ThemeSwitch({ save }: { save?: (theme: Theme) => Promise<unknown> }) {
  const t = useText(themeText);
  const { theme } = useTheme();
  const [failed, setFailed] = useState(false);
  const id = useId();

  const choose = (next: Theme) => {
    setTheme(next);
    setFailed(false);
    save?.(next).catch(() => setFailed(true));
  };

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1.5 text-sm leading-none font-semibold">{t('label')}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-xl border-2 bg-muted p-1">
        {options.map(({ value, icon: Icon, hint }) => (
          <label key={value} className="relative block">
            <input
              type="radio"
              name={`${id}-theme`}
              value={value}
              checked={theme === value}
              onChange={() => choose(value)}
              className="peer sr-only"
              data-testid={`theme-${value}`}
            />
            <span className="flex min-h-12 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-lg px-2 py-1.5 text-center text-sm font-semibold text-muted-foreground peer-checked:bg-card peer-checked:text-foreground peer-checked:shadow-sm peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring hover:text-foreground">
              <span className="flex items-center gap-1.5">
                <Icon className="size-4 shrink-0" aria-hidden />
                {t(value)}
              </span>
              {hint && <span className="text-xs font-normal">{t(hint)}</span>}
            </span>
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {save ? t('hintSignedIn') : t('hintSignedOut')}
      </p>
      {failed && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('saveFailed')}
        </p>
      )}
    </fieldset>
  );
}
