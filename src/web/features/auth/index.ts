// The auth feature's public face: the session and signing in, out and up, for other features.
export { fetchMe, meQueryKey, useMe } from './api/use-me.ts';
export { prepareSignedIn, startSignedIn } from './api/signed-in.ts';
export { useLogout } from './api/use-logout.ts';
export { useEmailMode } from './api/use-email-mode.ts';
export { useSmsMode } from './api/use-sms-mode.ts';
export { useRegister, type RegisterPayload } from './api/use-register.ts';
export { landingPathFor, safeNext } from './post-sign-in.ts';
export { TwoStepSettings } from './components/two-step-settings.tsx';
export { SecondFactorGate } from './components/second-factor-gate.tsx';
export { useMfaStatus } from './api/use-second-factor.ts';
export { mfaStatusQuery } from './api/mfa-status-query.ts';
export { LanguageSetting } from './components/language-switch.tsx';
export { LanguageToggle } from './components/language-toggle.tsx';
export { useFollowAccountLanguage } from './api/use-follow-account-language.ts';
