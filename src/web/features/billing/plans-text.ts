import { defineCatalog } from '#web/lib/i18n.ts';
import en from './locales/plans.en.ts';

export const plansText = defineCatalog('billing.plans', en, () => import('./locales/plans.es.ts'));

type PlansKey = keyof typeof en;

/** Core's plan features (in English, as the product's rules name them) by their key in the catalog. */
const featureKeys = Object.fromEntries(
  (Object.keys(en) as PlansKey[])
    .filter((key) => key.startsWith('feature'))
    .map((key) => [en[key], key]),
) as Record<string, PlansKey | undefined>;

export const featureKey = (feature: string) => featureKeys[feature];
