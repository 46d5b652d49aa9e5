import { BadgeCheck, CircleCheck, Disc3, Wrench } from 'lucide-react';
import type { ProviderSummary } from '#core/providers/search.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useText } from '#web/lib/i18n.ts';
import { providersText } from '../text.ts';

/** Counts over every provider the search finds (all pages); a dash until they arrive. */
export function SummaryCards({ summary }: { summary: ProviderSummary | undefined }) {
  const t = useText(providersText);
  // `id` names each card for the tests, in English whatever the language.
  const cards = [
    {
      id: 'Available Now',
      label: t('summaryAvailable'),
      value: summary?.available,
      icon: CircleCheck,
      tone: 'text-green-700 dark:text-green-400',
    },
    {
      id: 'Mobile Mechanics',
      label: t('summaryMechanics'),
      value: summary?.byServiceType.mobile_mechanic,
      icon: Wrench,
      tone: 'text-primary',
    },
    {
      id: 'Tire Shops',
      label: t('summaryTireShops'),
      value: summary?.byServiceType.tire_shop,
      icon: Disc3,
      tone: 'text-primary',
    },
    {
      id: 'Accept AAA',
      label: t('summaryAaa'),
      value: summary?.acceptsAAA,
      icon: BadgeCheck,
      tone: 'text-blue-700 dark:text-blue-400',
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-2 md:grid-cols-4" aria-label={t('summary')}>
      {cards.map(({ id, label, value, icon: Icon, tone }) => (
        <li key={id}>
          <Card className="flex items-center gap-3 p-3">
            <Icon className={`size-7 shrink-0 ${tone}`} aria-hidden />
            <div>
              <p className="text-2xl font-extrabold leading-none" data-testid={`summary-${id}`}>
                {value ?? '–'}
              </p>
              <p className="text-xs font-semibold text-muted-foreground">{label}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
