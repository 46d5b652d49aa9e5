// The providers feature's public face: how a provider's status looks, their badges and details.
export { statusLook } from './status-look.ts';
export { ProviderBadges, StatusBadge } from './components/provider-badges.tsx';
export { useBookableProvider, useProvider } from './api/use-provider.ts';
