// The device's push switch, loaded with the Settings group that shows it.
export const loadPushDeviceSwitch = () => import('./push-device-switch.tsx');
