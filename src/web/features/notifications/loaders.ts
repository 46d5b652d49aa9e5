// Settings → Notifications: the device's push switch and the choices per kind and channel,
// loaded with the Settings group that shows them.
export const loadPushDeviceSwitch = () => import('./push-device-switch.tsx');
export const loadPreferencesCard = () => import('./components/notification-preferences-card.tsx');
