import { formatDay } from '@portal/schema/calendar-dates';
import type { InvoiceDetail } from '@portal/schema/invoices';
import type { LocaleId } from '@portal/schema/locale-ids';
import { printedIban } from '@portal/schema/payee';
import { formatUnit } from '@portal/schema/units';
import { openPdfDocument, PDF_COLOURS } from '../../platform/pdf-document.ts';
import { drawCode128, drawQrCode } from '../../platform/pdf-symbols.ts';
import { formatDecimal, formatMoney, formatVatRate, documentTexts, type DocumentTexts } from '../../platform/document-texts.ts';
import type { InvoiceBuyer, InvoiceSeller, PostalAddress } from './invoice-parties.ts';
import type { InvoicePayment } from './invoice-payment.ts';

const { ink: INK, muted: MUTED, accent: ACCENT, rule: RULE } = PDF_COLOURS;

export type InvoiceDocumentInput = {
  invoice: InvoiceDetail;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** Null while the site has no payee details: the invoice then says only the reference and the total. */
  payment: InvoicePayment | null;
  locale: LocaleId;
};

const addressLines = (address: PostalAddress | null) => (address ? [address.street, `${address.postalCode} ${address.city}`] : []);

/**
 * A printable A4 VAT invoice in the customer's language with what the law asks of one (EU VAT Directive 2006/112/EC
 * art. 226; Finland arvonlisäverolaki 209 e §, Estonia käibemaksuseadus § 37 (7), Latvia PVN likums 125. pants): the
 * seller's name, address, business ID and VAT number; the buyer's name and address (and business ID for a company);
 * issue date, unique number, supply period, quantities, unit prices, the taxable amount, rate and VAT, the total. Then
 * how to pay (docs/decisions/095): payee, IBAN and BIC, reference or payment purpose, due date, amount, and for an
 * unpaid invoice the Finnish bank bar code (as digits and as Code 128) and the EPC QR code where the site prints one.
 * `compress: false` keeps text streams readable (tests).
 */
export async function renderInvoicePdf(
  { invoice, seller, buyer, payment, locale }: InvoiceDocumentInput,
  { compress = true } = {},
): Promise<Buffer> {
  const t = documentTexts(locale);
  const payee = seller.payee;
  const sellerName = payee?.legalName ?? seller.companyName;
  const { doc, done } = await openPdfDocument(
    locale,
    { title: `${t('invoices.pdf.title')} ${invoice.invoiceNumber}`, author: sellerName, subject: invoice.invoiceNumber },
    { compress },
  );

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const money = (cents: number) => formatMoney(cents, locale);
  const small = (text: string, x: number, at: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.font('regular').fontSize(9).fillColor(MUTED).text(text, x, at, options);

  // Letterhead: the seller with its address and identifiers, then the document title on the right.
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(ACCENT)
    .text(sellerName, left, 40, { width: width / 2 });
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text(t('invoices.pdf.title'), left + width / 2, 40, { width: width / 2, align: 'right' });
  let leftY = doc.y + 2;
  for (const line of sellerLines(seller, t)) {
    small(line, left, leftY, { width: width / 2 - 10 });
    leftY = doc.y;
  }

  const reference = payment?.referenceKind === 'purpose' ? t('invoices.pdf.payment-purpose') : t('invoices.pdf.reference');
  const facts: [string, string][] = [
    [t('invoices.pdf.number'), invoice.invoiceNumber],
    [t('invoices.pdf.issue-date'), formatDay(invoice.issueDate)],
    [t('invoices.pdf.due-date'), formatDay(invoice.dueDate)],
    [t('invoices.pdf.period'), `${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`],
    [reference, payment?.printedReference ?? invoice.referenceNumber],
    [t('invoices.pdf.contract'), `${invoice.contract.contractNumber} · ${invoice.contract.productName}`],
  ];
  let y = 80;
  for (const [label, value] of facts) {
    small(label, left + width / 2, y, { width: width / 4 });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(INK)
      .text(value, left + (width * 3) / 4, y, { width: width / 4, align: 'right' });
    y = Math.max(y + 15, doc.y + 3);
  }

  // The buyer: name, the address the invoice goes to, customer number and, for a company, its business ID.
  leftY = Math.max(leftY + 12, 110);
  small(t('invoices.pdf.customer'), left, leftY);
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(buyer.name, left, doc.y + 2, { width: width / 2 - 10 });
  for (const line of addressLines(buyer.address))
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK)
      .text(line, left, doc.y, { width: width / 2 - 10 });
  small(`${t('invoices.pdf.client-code')}: ${buyer.clientCode}`, left, doc.y + 2);
  if (buyer.businessId) small(`${t('invoices.pdf.business-id')}: ${buyer.businessId}`, left, doc.y);

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
    if (y + height > bottom - 120) {
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
    // With several VAT lines each row says its rate, so a reader can tell which line it belongs to.
    const rate = invoice.vatLines.length > 1 ? ` · ${formatVatRate(row.vatPermille, locale)}` : '';
    drawRow(
      [
        `${component} · ${utility}${rate}\n${row.gsrn}`,
        row.unit === 'month'
          ? `${formatDecimal(row.quantity, locale, row.quantity.endsWith('.000') ? 0 : 3)} ${t('invoices.unit.month')}`
          : formatUnit(row.quantity, row.unit, locale, { min: 3, max: 3 }),
        // Energy in cents per kWh to five places, as the contract prices it; a monthly fee in euros per month, the
        // power charge in euros per kW a month (decision 119).
        row.unit === 'kWh'
          ? formatUnit(row.unitPriceCents, 'c/kWh', locale, { min: 5, max: 5 })
          : t(row.unit === 'kW' ? 'invoices.unit.per-kw-month' : 'invoices.unit.per-month', { amount: money(Number(row.unitPriceCents)) }),
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

  // How to pay: a box that stays on one page.
  const lines = paymentLines(invoice, payment, reference, t, money);
  const qrSize = payment?.epcQr ? 96 : 0;
  const textWidth = width - 24 - (qrSize ? qrSize + 12 : 0);
  const linesHeight = lines.reduce((sum, line) => sum + doc.font('regular').fontSize(9).heightOfString(line, { width: textWidth }) + 2, 0);
  const barcodeHeight = payment?.virtualBarcode ? 82 : 0;
  const boxHeight = Math.max(30 + linesHeight + barcodeHeight, qrSize + 24) + 12;
  y += 15;
  if (y + boxHeight > bottom - 30) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  doc.rect(left, y, width, boxHeight).lineWidth(1).strokeColor(ACCENT).stroke();
  const status = invoice.paymentStatus === 'paid' ? t('invoices.pdf.paid') : t('invoices.pdf.pay-by', { date: formatDay(invoice.dueDate) });
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(ACCENT)
    .text(status, left + 12, y + 10, { width: textWidth });
  let lineY = y + 30;
  for (const line of lines) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(INK)
      .text(line, left + 12, lineY, { width: textWidth });
    lineY = doc.y + 2;
  }
  if (payment?.virtualBarcode) {
    small(t('invoices.pdf.virtual-barcode'), left + 12, lineY + 4, { width: textWidth });
    // The digits on a line of their own, so a person can select them and paste them into the bank.
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(INK)
      .text(payment.virtualBarcode, left + 12, doc.y, { width: textWidth });
    // Code 128 of the 54 digits: modules of 0.75 pt (0.26 mm) and 36 pt (12.7 mm) high, as bank readers take it.
    await drawCode128(doc, payment.virtualBarcode, left + 12, doc.y + 4, { moduleWidth: 0.75, height: 36 });
  }
  if (payment?.epcQr) {
    await drawQrCode(doc, payment.epcQr, left + width - qrSize - 12, y + 12, qrSize);
    small(t('invoices.pdf.qr-hint'), left + width - qrSize - 12, y + 12 + qrSize, { width: qrSize, align: 'center' });
  }

  // Footer on the last page: the seller's identity once more, as on every business letter.
  const footer = [sellerName, ...sellerLines(seller, t)].join(' · ');
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(footer, left, doc.page.height - 70, { width, align: 'center' });
  doc.end();
  return done;
}

/** The seller's address, business ID and VAT number, as far as the site has saved them. */
function sellerLines(seller: InvoiceSeller, t: DocumentTexts): string[] {
  const payee = seller.payee;
  if (!payee) return [];
  return [
    `${payee.street}, ${payee.postalCode} ${payee.city}`,
    `${t('invoices.pdf.business-id')}: ${payee.businessId}`,
    `${t('invoices.pdf.vat-number')}: ${payee.vatNumber}`,
  ];
}

function paymentLines(
  invoice: InvoiceDetail,
  payment: InvoicePayment | null,
  referenceLabel: string,
  t: DocumentTexts,
  money: (cents: number) => string,
): string[] {
  const amount = `${t('invoices.pdf.total')}: ${money(invoice.totalCents)} · ${t('invoices.pdf.due-date')}: ${formatDay(invoice.dueDate)}`;
  if (!payment) return [`${t('invoices.pdf.reference')}: ${invoice.referenceNumber} · ${amount}`];
  return [
    `${t('invoices.pdf.payee')}: ${payment.payee}`,
    ...payment.accounts.map((account) => `${t('invoices.pdf.account')}: ${printedIban(account.iban)} · BIC ${account.bic}`),
    `${referenceLabel}: ${payment.printedReference}`,
    amount,
  ];
}
