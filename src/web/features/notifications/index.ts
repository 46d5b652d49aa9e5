// The notifications feature's public face: this device's push switch, and the moments that
// offer push (the card itself loads with the app shell's push host).
export { PushDeviceSwitch } from './push-device-switch.tsx';
export { offerPushPrompt } from './push-prompt-store.ts';
