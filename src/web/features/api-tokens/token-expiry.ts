/** Today as the date input's `YYYY-MM-DD`, local time. */
export const today = () => {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
};

/** A token given an expiry day works until that day ends (local time). */
export const endOf = (date: string) => new Date(`${date}T23:59:59`).toISOString();
