import type { OwnProvider } from '#core/providers/pending-changes.ts';

/** A mechanic's profile tabs and their labels' keys. */
const profileTabs = [
  ['personal', 'tabPersonal'],
  ['business', 'tabBusiness'],
  ['services', 'tabServices'],
  ['billing', 'tabBilling'],
  ['team', 'tabTeam'],
  ['help', 'tabHelp'],
  ['settings', 'tabSettings'],
] as const;
/** Until the business exists, Business holds its creation form; the business's tabs wait for it. */
const tabsBeforeBusiness = profileTabs.filter(([value]) =>
  ['personal', 'business', 'settings'].includes(value),
);
export const tabsOf = (provider: OwnProvider | null) =>
  provider ? profileTabs : tabsBeforeBusiness;

/** The tab a mechanic sees: one that is not there yet (?tab=billing before the business) opens Business. */
export const shownProfileTab = (tab: string, provider: OwnProvider | null) =>
  tabsOf(provider).some(([value]) => value === tab) ? tab : 'business';
