/**
 * Leaflet inserts string content (tooltips, popups, divIcon html) as HTML; user text goes in as a
 * node whose textContent holds it, so it always reads as text.
 */
export function textNode(text: string): HTMLElement {
  const node = document.createElement('span');
  node.textContent = text;
  return node;
}
