export const REDACTED = '[redacted]';

/** A link in plain text, without the punctuation that ends the sentence around it. */
const LINK = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)]/g;

/** A link with the values of its query and fragment replaced, so it no longer opens anything. */
function redactLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return link;
  }
  if (!url.search && !url.hash) return link;
  const redact = (part: string) => {
    const params = new URLSearchParams(part);
    if (![...params.keys()].length || [...params.values()].every((v) => v === '')) return REDACTED;
    return [...new Set(params.keys())].map((name) => `${name}=${REDACTED}`).join('&');
  };
  const query = url.search ? `?${redact(url.search.slice(1))}` : '';
  const fragment = url.hash ? `#${redact(url.hash.slice(1))}` : '';
  return `${url.origin}${url.pathname}${query}${fragment}`;
}

/** `text` with every link's query and fragment values redacted (one-time tokens in reset links). */
export const redactLinks = (text: string): string => text.replace(LINK, redactLink);
