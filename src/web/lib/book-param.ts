/** `?book=<provider id>` opens the Book Service dialog on whatever page carries it. */
export const BOOK_PARAM = 'book';

export function withBookParam(search: string, providerId: string): string {
  const params = new URLSearchParams(search);
  params.set(BOOK_PARAM, providerId);
  return `?${params.toString()}`;
}

export function withoutBookParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(BOOK_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bookParam(search: string): string | null {
  const value = new URLSearchParams(search).get(BOOK_PARAM);
  return value && UUID.test(value) ? value : null;
}
