/**
 * The pseudo-locale of the end-to-end language check (e2e/languages.spec.ts): English with
 * every letter accented and each text between ⟦ ⟧, switched on by the device key below. A
 * visible text with plain ASCII letters outside user content (`translate="no"`) did not come
 * through the catalogs or the formatters.
 */
export const PSEUDO_KEY = 'tf-pseudo';

let on: boolean | null = null;
export const pseudoOn = () =>
  (on ??= typeof localStorage !== 'undefined' && localStorage.getItem(PSEUDO_KEY) === '1');

const plain = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const accented = 'àƀçđéƒĝĥíĵķĺɱñöƥʠŕšţüṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÖƤɊŔŠŢÜṼŴẊÝŽ';
const swap = new Map([...plain].map((letter, index) => [letter, [...accented][index]!]));

export const pseudo = (text: string) =>
  text ? `⟦${[...text].map((char) => swap.get(char) ?? char).join('')}⟧` : text;
