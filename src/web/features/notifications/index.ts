// The notifications feature's public face: Settings → Notifications (loaded when shown), and the
// moments that offer push (the card itself loads with the app shell's push host).
export { loadPushDeviceSwitch, loadPreferencesCard } from './loaders.ts';
export { offerPushPrompt } from './push-prompt-store.ts';
export { preferencesQuery } from './api/use-notification-preferences.ts';
