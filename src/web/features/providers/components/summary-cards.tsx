import { BadgeCheck, CircleCheck, Disc3, Wrench } from 'lucide-react';
import type { ProviderResult } from '../../../../core/providers/search.ts';
import { Card } from '../../../components/ui/card.tsx';

export function SummaryCards({ providers }: { providers: ProviderResult[] }) {
  const cards = [
    {
      label: 'Available Now',
      value: providers.filter((p) => p.status === 'available').length,
      icon: CircleCheck,
      tone: 'text-green-700 dark:text-green-400',
    },
    {
      label: 'Mobile Mechanics',
      value: providers.filter((p) => p.serviceType === 'mobile_mechanic').length,
      icon: Wrench,
      tone: 'text-primary',
    },
    {
      label: 'Tire Shops',
      value: providers.filter((p) => p.serviceType === 'tire_shop').length,
      icon: Disc3,
      tone: 'text-primary',
    },
    {
      label: 'Accept AAA',
      value: providers.filter((p) => p.acceptsAAA).length,
      icon: BadgeCheck,
      tone: 'text-blue-700 dark:text-blue-400',
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-2 md:grid-cols-4" aria-label="Summary">
      {cards.map(({ label, value, icon: Icon, tone }) => (
        <li key={label}>
          <Card className="flex items-center gap-3 p-3">
            <Icon className={`size-7 shrink-0 ${tone}`} aria-hidden />
            <div>
              <p className="text-2xl font-extrabold leading-none" data-testid={`summary-${label}`}>
                {value}
              </p>
              <p className="text-xs font-semibold text-muted-foreground">{label}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
