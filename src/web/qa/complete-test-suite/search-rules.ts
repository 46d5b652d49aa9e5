/** What the search tests check in a list of results, as pure functions. */

interface Ranked {
  businessName: string;
  status: string;
  rating: number;
}

/**
 * The first pair out of the search order (available first, then rating descending), in words;
 * null when the list is in order.
 */
export function firstOrderViolation(results: readonly Ranked[]): string | null {
  for (let i = 1; i < results.length; i++) {
    const before = results[i - 1]!;
    const after = results[i]!;
    const beforeAvailable = before.status === 'available';
    const afterAvailable = after.status === 'available';
    if (!beforeAvailable && afterAvailable)
      return `${after.businessName} (available) comes after ${before.businessName} (${before.status})`;
    if (beforeAvailable === afterAvailable && after.rating > before.rating)
      return `${after.businessName} (rating ${after.rating}) comes after ${before.businessName} (rating ${before.rating})`;
  }
  return null;
}

/** Results without a distance, or farther than `radius` miles. */
export function outsideRadius<T extends { distance: number | null }>(
  results: readonly T[],
  radius: number,
): T[] {
  return results.filter((r) => r.distance === null || r.distance > radius);
}

/** A search answer item: description and specialties come with `fields=full`. */
interface Searchable {
  businessName: string;
  description?: string | null;
  city: string | null;
  specialties?: readonly string[];
}

/** Whether the text search's fields (name, description, city, specialties) contain `query`. */
export function matchesText(provider: Searchable, query: string): boolean {
  const needle = query.trim().toLowerCase();
  const { businessName, description, city, specialties = [] } = provider;
  return [businessName, description, city, ...specialties].some((field) =>
    field?.toLowerCase().includes(needle),
  );
}
