import { bookingStatusLabels } from '../../../core/bookings/catalog.ts';
import { formatUsd } from '../../../core/money.ts';
import type { Report, ReportFigures, Statement } from '../../../core/reports/schemas.ts';
import { labelValue, renderPdf, rule, type Pdf } from '../../pdf/document.ts';

const maybe = (value: number | null, digits: number) =>
  value === null ? '—' : value.toFixed(digits);

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const monthLabel = (date: string) =>
  new Date(`${date.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const periodLabel = (report: Report, start: string) =>
  report.groupBy === 'month'
    ? monthLabel(start)
    : report.groupBy === 'week'
      ? `Week of ${dayLabel(start)}`
      : dayLabel(start);

const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Room for `height` more points on this page, or a new page. */
function ensureRoom(doc: Pdf, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function heading(doc: Pdf, text: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.6).font('bold').fontSize(12).text(text, doc.page.margins.left).fontSize(9);
  doc.font('regular').moveDown(0.3);
}

/** A table: the first column left-aligned and wide, the others right-aligned numbers. */
function table(doc: Pdf, header: string[], rows: string[][], boldLast = false) {
  const width = contentWidth(doc);
  const first = width * 0.28;
  const rest = (width - first) / (header.length - 1);
  const line = (cells: string[], bold: boolean) => {
    ensureRoom(doc, 16);
    const y = doc.y;
    let bottom = y;
    doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
    cells.forEach((cell, i) => {
      const x = doc.page.margins.left + (i === 0 ? 0 : first + (i - 1) * rest);
      doc.text(cell, x, y, {
        width: (i === 0 ? first : rest) - 4,
        align: i === 0 ? 'left' : 'right',
      });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 3;
  };
  line(header, true);
  rows.forEach((row, i) => line(row, boldLast && i === rows.length - 1));
  doc.font('regular').fontSize(9);
}

/** Jobs per period as bars, drawn with rectangles (no markup). */
function barChart(doc: Pdf, labels: string[], values: number[]) {
  const height = 120;
  ensureRoom(doc, height + 30);
  const left = doc.page.margins.left + 24;
  const width = contentWidth(doc) - 24;
  const top = doc.y;
  const max = Math.max(1, ...values);
  const slot = width / Math.max(1, values.length);
  const bar = Math.max(1, slot * 0.7);
  doc.fontSize(7).fillColor('#475569');
  doc.text(String(max), doc.page.margins.left, top - 3, { width: 20, align: 'right' });
  doc.text('0', doc.page.margins.left, top + height - 6, { width: 20, align: 'right' });
  doc
    .moveTo(left, top + height)
    .lineTo(left + width, top + height)
    .lineWidth(0.5)
    .strokeColor('#94a3b8')
    .stroke();
  values.forEach((value, i) => {
    const h = (value / max) * height;
    if (h > 0)
      doc.rect(left + i * slot + (slot - bar) / 2, top + height - h, bar, h).fill('#c2410c');
  });
  if (labels.length > 0) {
    doc.fillColor('#475569');
    doc.text(labels[0]!, left, top + height + 4, { width: width / 2, lineBreak: false });
    doc.text(labels.at(-1)!, left + width / 2, top + height + 4, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.fillColor('black').fontSize(9);
  doc.x = doc.page.margins.left;
  doc.y = top + height + 20;
}

function figureLines(doc: Pdf, f: ReportFigures) {
  labelValue(doc, 'Jobs asked for', String(f.jobs), { bold: true });
  for (const [status, label] of Object.entries(bookingStatusLabels))
    labelValue(doc, `  ${label}`, String(f.byStatus[status as keyof typeof f.byStatus]));
  labelValue(doc, 'Visit-fee revenue (completed jobs)', formatUsd(f.visitFeeRevenue), {
    bold: true,
  });
  labelValue(doc, 'Platform fees (completed jobs)', formatUsd(f.platformFees));
  labelValue(
    doc,
    'Average rating',
    f.averageRating === null
      ? 'No reviews'
      : `${f.averageRating.toFixed(2)} (${f.reviews} reviews)`,
  );
  labelValue(doc, 'Median minutes to accept', maybe(f.medianMinutesToAccept, 1));
  labelValue(doc, 'Median minutes to arrive', maybe(f.medianMinutesToArrive, 1));
}

function title(doc: Pdf, heading: string, business: string, range: string) {
  doc.font('bold').fontSize(16).text(heading);
  doc.font('regular').fontSize(10).text(business).text(range, { lineGap: 2 });
  doc.fontSize(9);
  rule(doc);
}

/** The custom report as an A4 landscape PDF (nine columns fit): totals, a bar chart of jobs per period, the tables. */
export function reportPdf(report: Report): Promise<Buffer> {
  return renderPdf(
    { title: `Report ${report.from} to ${report.to}`, size: 'A4', landscape: true },
    (doc) => {
      title(
        doc,
        'Truck Finder report',
        report.businessName,
        `${dayLabel(report.from)} to ${dayLabel(report.to)} (UTC), by ${report.groupBy}`,
      );
      figureLines(doc, report.totals);

      heading(doc, 'Jobs per period');
      barChart(
        doc,
        report.periods.map((p) => periodLabel(report, p.start)),
        report.periods.map((p) => p.jobs),
      );

      heading(doc, 'Periods');
      table(
        doc,
        [
          'Period',
          'Jobs',
          'Completed',
          'Cancelled',
          'Revenue',
          'Fees',
          'Rating',
          'Accept min',
          'Arrive min',
        ],
        [...report.periods, { ...report.totals, start: 'Total' }].map((p) => [
          p.start === 'Total' ? 'Total' : periodLabel(report, p.start),
          String(p.jobs),
          String(p.byStatus.completed),
          String(p.byStatus.cancelled),
          formatUsd(p.visitFeeRevenue),
          formatUsd(p.platformFees),
          maybe(p.averageRating, 2),
          maybe(p.medianMinutesToAccept, 1),
          maybe(p.medianMinutesToArrive, 1),
        ]),
        true,
      );

      if (report.services.length > 0) {
        heading(doc, 'Jobs by service');
        table(
          doc,
          ['Service', 'Jobs', 'Completed'],
          report.services.map((s) => [s.serviceType, String(s.jobs), String(s.completed)]),
        );
      }

      if (report.technicians.length > 0) {
        heading(doc, 'Technicians');
        table(
          doc,
          ['Technician', 'Jobs', 'Completed', 'Revenue', 'Rating', 'Arrive min'],
          report.technicians.map((t) => [
            t.name,
            String(t.jobs),
            String(t.completed),
            formatUsd(t.visitFeeRevenue),
            maybe(t.averageRating, 2),
            maybe(t.medianMinutesToArrive, 1),
          ]),
        );
      }
    },
  );
}

/** A month's statement as an A4 PDF. */
export function statementPdf(statement: Statement): Promise<Buffer> {
  return renderPdf({ title: `Statement ${statement.month}`, size: 'A4' }, (doc) => {
    title(
      doc,
      `Statement for ${monthLabel(statement.from)}`,
      statement.businessName,
      `${dayLabel(statement.from)} to ${dayLabel(statement.to)} (UTC)`,
    );
    figureLines(doc, statement.figures);
    if (statement.services.length > 0) {
      heading(doc, 'Jobs by service');
      table(
        doc,
        ['Service', 'Jobs', 'Completed'],
        statement.services.map((s) => [s.serviceType, String(s.jobs), String(s.completed)]),
      );
    }
  });
}
