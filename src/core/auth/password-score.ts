/** zxcvbn's 0–4 score of a password (auth/password-strength.ts), and its names for people. */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export const scoreLabels: Record<PasswordScore, string> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Strong',
  4: 'Very strong',
};
