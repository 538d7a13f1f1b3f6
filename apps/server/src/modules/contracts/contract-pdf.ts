import { formatDay } from '@portal/schema/calendar-dates';
import type { ContractDetail, ContractPriceComponent } from '@portal/schema/contracts';
import type { LocaleId } from '@portal/schema/locale-ids';
import { componentTextName, isSeasonal, isTimeOfUse } from '@portal/schema/time-of-use';
import { formatUnit } from '@portal/schema/units';
import { openPdfDocument, PDF_COLOURS } from '../../platform/pdf-document.ts';
import { documentTexts, formatMoney, formatVatRate } from '../../platform/document-texts.ts';

const { ink: INK, muted: MUTED, rule: RULE } = PDF_COLOURS;

/** What a contract PDF says of itself, so a copy signed elsewhere can be told apart (upload-signed-document.ts). */
export const contractMarker = (contractId: string) => `portal-contract:${contractId}`;

export type ContractDocumentInput = {
  contract: ContractDetail;
  /** The site's company and its theme's brand colour (@portal/schema/theme-brand). */
  company: { name: string; brandColour?: string };
  customer: { name: string; clientCode: string };
  locale: LocaleId;
  /** The site's time zone: a time-of-use price list's hours are on its clock (decision 129). */
  timezone: string;
};

/** A price as the contract page writes it: cents per kWh, euros per month or year. */
function priceText(
  component: Pick<ContractPriceComponent, 'unit' | 'thresholdKw'>,
  priceCents: string,
  locale: LocaleId,
  t: ReturnType<typeof documentTexts>,
) {
  // As the web writes it: two to three decimals of a cent, rounded, in the locale's unit.
  if (component.unit === 'c/kWh') return formatUnit(priceCents, 'c/kWh', locale, { min: 2, max: 3 });
  const euros = formatMoney(Math.round(Number(priceCents)), locale);
  if (component.unit === 'c/kW')
    return Number(component.thresholdKw ?? 0) > 0
      ? t('contracts.price.per-kw-month-above', {
          price: euros,
          threshold: formatUnit(component.thresholdKw!, 'kW', locale, { min: 0, max: 3 }),
        })
      : t('contracts.price.per-kw-month', { price: euros });
  return t(component.unit === 'c/year' ? 'contracts.price.per-year' : 'contracts.price.per-month', { price: euros });
}

/** The contract as a printable A4 document in the customer's language; `compress: false` keeps text readable (tests). */
export async function renderContractPdf(
  { contract, company, customer, locale, timezone }: ContractDocumentInput,
  { compress = true } = {},
): Promise<Buffer> {
  const t = documentTexts(locale);
  const { doc, done } = await openPdfDocument(
    locale,
    {
      title: t('contracts.number', { number: contract.contractNumber }),
      author: company.name,
      subject: contract.productName,
      keywords: contractMarker(contract.id),
    },
    { compress },
  );
  const ACCENT = company.brandColour ?? PDF_COLOURS.accent;
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.font('bold').fontSize(16).fillColor(ACCENT).text(company.name, left, 40, { width });
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(INK)
    .text(contract.productName, left, doc.y + 10, { width });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${t('contracts.number', { number: contract.contractNumber })} · ${t(`contracts.status.${contract.status}`)}`, left, doc.y + 4);

  const { address } = contract;
  const facts: [string, string][] = [
    [t('contracts.pdf.customer'), `${customer.name} (${customer.clientCode})`],
    [t('contracts.pdf.type'), `${t(`contracts.type.${contract.type}`)} · ${t(`contracts.price-type.${contract.priceType}`)}`],
    [t('contracts.pdf.place'), `${address.street}, ${address.postalCode} ${address.city}`],
    [t('contracts.pdf.metering-point'), contract.meteringPointCode],
    [
      t('contracts.pdf.period'),
      contract.endDate
        ? t('contracts.period', { start: formatDay(contract.startDate), end: formatDay(contract.endDate) })
        : t('contracts.since', { start: formatDay(contract.startDate) }),
    ],
    [
      t('contracts.billing.title'),
      [t(`contracts.billing.channel.${contract.billing.channel}`), contract.billing.target, contract.billing.operator]
        .filter(Boolean)
        .join(' · '),
    ],
  ];
  if (contract.termMonths !== null) facts.push([t('contracts.pdf.term'), String(contract.termMonths)]);
  let y = doc.y + 20;
  for (const [label, value] of facts) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, left, y, { width: width * 0.3 });
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK)
      .text(value, left + width * 0.3, y, { width: width * 0.7 });
    y = Math.max(doc.y, y + 14) + 4;
  }

  y += 16;
  doc.font('bold').fontSize(12).fillColor(INK).text(t('contracts.prices.title'), left, y);
  y = doc.y + 6;
  const columns = [width * 0.4, width * 0.2, width * 0.2, width * 0.2];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    let x = left;
    const height =
      Math.max(
        ...cells.map((cell, index) =>
          doc
            .font(font)
            .fontSize(9)
            .heightOfString(cell, { width: columns[index]! - 6 }),
        ),
      ) + 8;
    cells.forEach((cell, index) => {
      doc
        .font(font)
        .fontSize(9)
        .fillColor(INK)
        .text(cell, x + 3, y + 4, { width: columns[index]! - 6 });
      x += columns[index]!;
    });
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  row(
    [
      t('contracts.prices.component'),
      t('contracts.prices.without-vat'),
      t('contracts.prices.with-vat', { rate: formatVatRate(contract.vatPermille, locale) }),
      t('contracts.prices.valid'),
    ],
    'bold',
  );
  const kinds = contract.priceComponents.map((component) => component.kind);
  for (const component of contract.priceComponents) {
    // A price valid only on days of another rate says its own rate (contract-views.ts).
    const ownRate = component.vatPermille === contract.vatPermille ? '' : ` (${formatVatRate(component.vatPermille, locale)})`;
    row(
      [
        // Day and Night of a seasonal contract are its summer prices (decision 129).
        t(`contracts.component.${componentTextName(component.kind, kinds)}`),
        priceText(component, component.priceCents, locale, t),
        `${priceText(component, component.priceWithVatCents, locale, t)}${ownRate}`,
        component.validTo
          ? `${formatDay(component.validFrom)} – ${formatDay(component.validTo)}`
          : t('contracts.prices.from', { date: formatDay(component.validFrom) }),
      ],
      'regular',
    );
  }
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(t('contracts.prices.vat-note', { date: formatDay(contract.vatDate) }), left, y + 6, { width });
  if (contract.priceType === 'Hourly' || contract.priceType === 'FixedHourlyWithPriceLimits') {
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(t('contracts.prices.spot-note'), left, doc.y + 4, { width });
  }
  if (isTimeOfUse(kinds)) {
    const note = isSeasonal(kinds) ? 'contracts.time-of-use.seasonal-note' : 'contracts.time-of-use.note';
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(t(note, { timezone }), left, doc.y + 4, { width });
  }
  doc.end();
  return done;
}
