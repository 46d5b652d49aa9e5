/** A positive whole number from an option's text: `1e6` and `1_000_000` work too. */
export const count = (name: string, value: string | undefined) => {
  const parsed = Number((value ?? '').replace(/_/g, ''));
  if (!Number.isFinite(parsed) || parsed < 1)
    throw new Error(`--${name} must be a positive number`);
  return Math.round(parsed);
};
