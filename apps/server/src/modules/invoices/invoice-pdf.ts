import { formatDay } from '@portal/schema/calendar-dates';
import type { InvoiceDetail } from '@portal/schema/invoices';
import type { LocaleId } from '@portal/schema/locale-ids';
import { openPdfDocument, PDF_COLOURS } from '../../platform/pdf-document.ts';
import { formatDecimal, formatMoney, formatVatRate, documentTexts } from '../../platform/document-texts.ts';

const { ink: INK, muted: MUTED, accent: ACCENT, rule: RULE } = PDF_COLOURS;

export type InvoiceDocumentInput = {
  invoice: InvoiceDetail;
  company: { name: string };
  customer: { name: string; clientCode: string };
  locale: LocaleId;
};

/** A printable A4 invoice in the customer's language; `compress: false` keeps text streams readable (tests). */
export async function renderInvoicePdf(
  { invoice, company, customer, locale }: InvoiceDocumentInput,
  { compress = true } = {},
): Promise<Buffer> {
  const t = documentTexts(locale);
  const { doc, done } = await openPdfDocument(
    locale,
    { title: `${t('invoices.pdf.title')} ${invoice.invoiceNumber}`, author: company.name, subject: invoice.invoiceNumber },
    { compress },
  );

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const money = (cents: number) => formatMoney(cents, locale);

  // Letterhead: the company, then the document title and its key facts on the right.
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(ACCENT)
    .text(company.name, left, 40, { width: width / 2 });
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text(t('invoices.pdf.title'), left + width / 2, 40, { width: width / 2, align: 'right' });

  const facts: [string, string][] = [
    [t('invoices.pdf.number'), invoice.invoiceNumber],
    [t('invoices.pdf.issue-date'), formatDay(invoice.issueDate)],
    [t('invoices.pdf.due-date'), formatDay(invoice.dueDate)],
    [t('invoices.pdf.period'), `${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`],
    [t('invoices.pdf.reference'), invoice.referenceNumber],
    [t('invoices.pdf.contract'), `${invoice.contract.contractNumber} · ${invoice.contract.productName}`],
  ];
  let y = 80;
  for (const [label, value] of facts) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, left + width / 2, y, { width: width / 4 });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(INK)
      .text(value, left + (width * 3) / 4, y, { width: width / 4, align: 'right' });
    y += 15;
  }

  doc.font('regular').fontSize(9).fillColor(MUTED).text(t('invoices.pdf.customer'), left, 80);
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(customer.name, left, 94, { width: width / 2 - 10 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${t('invoices.pdf.client-code')}: ${customer.clientCode}`, left, doc.y + 2);

  // Rows: one per metering point and price component.
  y = Math.max(y, doc.y) + 25;
  const columns = [
    { key: 'description', label: t('invoices.pdf.row.description'), width: width * 0.4, align: 'left' as const },
    { key: 'quantity', label: t('invoices.pdf.row.quantity'), width: width * 0.2, align: 'right' as const },
    { key: 'price', label: t('invoices.pdf.row.unit-price'), width: width * 0.2, align: 'right' as const },
    { key: 'net', label: t('invoices.pdf.row.net'), width: width * 0.2, align: 'right' as const },
  ];
  const drawRow = (cells: string[], font: 'regular' | 'bold', color: string) => {
    let x = left;
    const heights = cells.map((cell, index) =>
      doc
        .font(font)
        .fontSize(9)
        .heightOfString(cell, { width: columns[index]!.width - 6 }),
    );
    const height = Math.max(...heights) + 8;
    if (y + height > doc.page.height - doc.page.margins.bottom - 120) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc
        .font(font)
        .fontSize(9)
        .fillColor(color)
        .text(cell, x + 3, y + 4, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  doc.rect(left, y, width, 20).fill('#eef1f5');
  drawRow(
    columns.map((column) => column.label),
    'bold',
    INK,
  );
  for (const row of invoice.rows) {
    const component = t(`invoices.component.${row.componentKind}`);
    const utility = t(`utility.${row.utility}`);
    const unitLabel = row.unit === 'kWh' ? 'kWh' : t('invoices.unit.month');
    // With several VAT lines each row says its rate, so a reader can tell which line it belongs to.
    const rate = invoice.vatLines.length > 1 ? ` · ${formatVatRate(row.vatPermille, locale)}` : '';
    drawRow(
      [
        `${component} · ${utility}${rate}\n${row.gsrn}`,
        `${formatDecimal(row.quantity, locale, row.unit === 'kWh' || !row.quantity.endsWith('.000') ? 3 : 0)} ${unitLabel}`,
        // Energy in cents per kWh to five places, as the contract prices it; a monthly fee in euros per month.
        row.unit === 'kWh'
          ? `${formatDecimal(row.unitPriceCents, locale, 5)} c/kWh`
          : t('invoices.unit.per-month', { amount: money(Number(row.unitPriceCents)) }),
        money(row.netCents),
      ],
      'regular',
      INK,
    );
  }

  // Totals.
  y += 10;
  // One VAT line per rate the rows are taxed at (decision 093), as the invoice keeps them.
  const totals: [string, string, 'regular' | 'bold'][] = [
    [t('invoices.pdf.net'), money(invoice.netCents), 'regular'],
    ...invoice.vatLines.map((line): [string, string, 'regular'] => [
      t('invoices.vat-line', { rate: formatVatRate(line.vatPermille, locale), net: money(line.netCents) }),
      money(line.vatCents),
      'regular',
    ]),
    [t('invoices.pdf.total'), money(invoice.totalCents), 'bold'],
  ];
  for (const [label, value, font] of totals) {
    doc
      .font(font)
      .fontSize(font === 'bold' ? 12 : 10)
      .fillColor(INK);
    // A VAT line names its rate and net: the label takes the half left of the amount.
    doc.text(label, left + width / 4, y, { width: width / 2, align: 'right' });
    doc.text(value, left + (width * 3) / 4, y, { width: width / 4, align: 'right' });
    y += font === 'bold' ? 20 : 16;
  }

  // How to pay.
  y += 15;
  doc.rect(left, y, width, 54).lineWidth(1).strokeColor(ACCENT).stroke();
  const status = invoice.paymentStatus === 'paid' ? t('invoices.pdf.paid') : t('invoices.pdf.pay-by', { date: formatDay(invoice.dueDate) });
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(ACCENT)
    .text(status, left + 12, y + 10, { width: width - 24 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(INK)
    .text(
      `${t('invoices.pdf.reference')}: ${invoice.referenceNumber} · ${t('invoices.pdf.total')}: ${money(invoice.totalCents)}`,
      left + 12,
      y + 30,
      {
        width: width - 24,
      },
    );

  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(company.name, left, doc.page.height - 70, { width, align: 'center' });
  doc.end();
  return done;
}
