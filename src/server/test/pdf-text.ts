import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page of a PDF, read with Mozilla's PDF.js (what a browser shows). */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('')
        .replace(/[ \t]+/g, ' '),
    );
  }
  await pdf.destroy();
  return pages;
}

/** The whole text of a PDF, pages joined. */
export const pdfText = async (bytes: Uint8Array) => (await pdfPages(bytes)).join('\n');

/** The names of the fonts a PDF embeds (its FontFile streams' font descriptors). */
export function embeddedFonts(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes).toString('latin1');
  return [...text.matchAll(/\/FontName \/([A-Z]{6}\+[^\s/]+)/g)].map((m) => m[1]!);
}
