import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** Inter, embedded (subset) in every PDF, so a receipt reads the same on any phone. */
const fonts = {
  regular: require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff'),
} as const;

export type Pdf = InstanceType<typeof PDFDocument>;

export interface PdfOptions {
  title: string;
  /** Page size: A5 reads on a phone without zooming; A4 for long reports. */
  size?: 'A5' | 'A4' | 'LETTER';
  /** Land the page sideways (wide tables). */
  landscape?: boolean;
}

/**
 * Writes a PDF with the product's fonts and answers its bytes. `draw` gets a document whose fonts
 * `regular` and `bold` are registered; anything it writes is text, never markup.
 */
export async function renderPdf(options: PdfOptions, draw: (doc: Pdf) => void): Promise<Buffer> {
  // Loaded with the first PDF: pdfkit and its font tables are tens of MB of the app's memory.
  const { default: Document } = await import('pdfkit');
  const doc: Pdf = new Document({
    size: options.size ?? 'A5',
    layout: options.landscape ? 'landscape' : 'portrait',
    margin: 36,
    info: { Title: options.title, Author: 'Truck Finder', Producer: 'Truck Finder' },
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.font('regular');
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A label on the left and a value on the right of one line (an amount, a date). */
export function labelValue(
  doc: Pdf,
  label: string,
  value: string,
  options: { bold?: boolean } = {},
) {
  const y = doc.y;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font(options.bold ? 'bold' : 'regular');
  doc.text(label, doc.page.margins.left, y, { width: width * 0.6 });
  const labelBottom = doc.y;
  doc.text(value, doc.page.margins.left + width * 0.6, y, { width: width * 0.4, align: 'right' });
  doc.y = Math.max(labelBottom, doc.y);
  doc.font('regular');
}

/** A thin rule across the page, with a little space around it. */
export function rule(doc: Pdf) {
  doc.moveDown(0.4);
  const y = doc.y;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.5)
    .strokeColor('#cbd5e1')
    .stroke();
  doc.moveDown(0.6);
}
