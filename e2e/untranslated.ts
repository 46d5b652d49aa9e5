import type { Page } from '@playwright/test';
import { PSEUDO_KEY } from '../src/web/lib/pseudo.ts';

/** Opens every page of `page` in the pseudo-locale (src/web/lib/pseudo.ts). */
export const usePseudoLocale = (page: Page) =>
  page.addInitScript((key) => localStorage.setItem(key, '1'), PSEUDO_KEY);

/**
 * The visible texts of the page (text, aria-label, placeholder, title, alt) that hold plain
 * ASCII letters outside the pseudo-locale's ⟦ ⟧ and outside user content (`translate="no"`):
 * product strings that did not come through the catalogs or the formatters. The product's name
 * is the same in every language.
 */
export function untranslated(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const plain = (text: string) =>
      /[A-Za-z]/.test(text.replace(/⟦[^⟧]*⟧/g, '').replace(/Truck Finder/g, ''));
    const skipped = (element: Element | null) =>
      Boolean(element?.closest('[translate="no"], script, style, noscript, template'));
    const visible = (element: Element) => {
      if (!(element instanceof HTMLElement || element instanceof SVGElement)) return true;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
      // Screen-reader-only text counts: it is read out.
      return element.getClientRects().length > 0 || element.closest('.sr-only') !== null;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || skipped(parent) || !visible(parent)) continue;
      if (plain(text)) found.add(text);
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label], [placeholder], [title], img[alt]',
    )) {
      if (skipped(element) || !visible(element)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value && plain(value)) found.add(`${name}="${value}"`);
      }
    }
    const title = document.title.trim();
    if (title && plain(title)) found.add(`<title>${title}`);
    return [...found];
  });
}
