/** The app's colour theme: follow the phone's setting, or always light, or always dark. */
export const themes = ['system', 'light', 'dark'] as const;
export type Theme = (typeof themes)[number];
