import { useText } from '#web/lib/i18n.ts';
import { routeText } from './text.ts';

export type SearchMode = 'nearby' | 'route';

/** The search page's "Nearby | Along my route" switch. */
export function SearchModeSwitch({
  mode,
  onChange,
}: {
  mode: SearchMode;
  onChange: (mode: SearchMode) => void;
}) {
  const t = useText(routeText);
  return (
    <div
      role="radiogroup"
      aria-label={t('modeLabel')}
      className="inline-flex rounded-lg border-2 p-1"
    >
      {(['nearby', 'route'] as const).map((value) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={mode === value}
          onClick={() => onChange(value)}
          className={`min-h-11 rounded-md px-4 text-sm font-semibold ${
            mode === value ? 'bg-primary text-primary-foreground' : 'text-foreground'
          }`}
        >
          {value === 'nearby' ? t('modeNearby') : t('modeRoute')}
        </button>
      ))}
    </div>
  );
}
