// Payouts' public face: the profile's payouts card loads only when the Business tab is open.
export const loadPayoutsCard = () => import('./components/payouts-card.tsx');
