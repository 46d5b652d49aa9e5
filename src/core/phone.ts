/**
 * Phones are stored as the user typed them (at least 10 digits, any punctuation); an SMS provider
 * wants E.164 (`+` country code and number, at most 15 digits). Without a `+` a number is taken as
 * North American (NANP): 10 digits, or 11 starting with the country code 1, whose area code and
 * exchange start with 2–9. Anything else (letters, an extension, too few or too many digits, a
 * `+` not in front) cannot be made E.164: null.
 */
export function toE164(phone: string): string | null {
  const typed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return null;
  const digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+')) return /^[1-9]\d{9,14}$/.test(digits) ? `+${digits}` : null;
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? `+1${national}` : null;
}
