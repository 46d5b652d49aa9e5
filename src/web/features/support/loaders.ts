// The profile's Support tab is loaded only when opened.
export const loadSupportTab = () => import('./components/support-tab.tsx');
