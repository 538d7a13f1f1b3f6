import { randomUUID } from 'node:crypto';
import { invoice, invoiceRow, invoiceVatLine } from '../db/schema/billing.ts';
import type { Utility } from '@portal/schema/enums';
import type { INVOICE_ROW_UNITS, InvoiceRowKind } from '@portal/schema/invoices';
import type { Database } from '../platform/database.ts';
import { vatCents } from '../platform/exact-money.ts';
import { rfReference } from '../modules/invoices/reference-number.ts';
import { buildContract, buildMeteringPoint } from './energy-factories.ts';

type InvoiceOptions = {
  contract: { id: string; siteId: string; customerId: string; gsrn: string; meteringPointId: string };
  invoiceNumber?: string;
  periodStart: string;
  periodEnd?: string;
  issueDate?: string;
  dueDate: string;
  paymentStatus?: 'paid' | 'unpaid';
  /** The rate of rows that name none. */
  vatPermille?: number;
  /** Net cents of the rows; defaults to one energy row and one monthly fee. */
  rows?: {
    componentKind: InvoiceRowKind;
    unit: (typeof INVOICE_ROW_UNITS)[number];
    quantity: string;
    unitPriceCents: string;
    netCents: number;
    utility?: Utility;
    vatPermille?: number;
  }[];
  type?: 'Regular' | 'E-Invoice';
  /** The reference as issued; an RF reference of a random base by default. */
  referenceNumber?: string;
};

/** A contract to bill: a metering point of the customer and a fixed-price contract on it. */
export async function buildBilledContract(
  db: Database,
  { siteId, clientCode, street, city }: { siteId: string; clientCode: string; street?: string; city?: string },
) {
  const gsrn = `6430${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
  const point = await buildMeteringPoint(db, { siteId, clientCode, gsrn, street, city });
  const id = await buildContract(db, point, {
    components: [
      { kind: 'Base', priceCents: '8.49000' },
      { kind: 'Monthly', unit: 'c/month', priceCents: '395.00000' },
    ],
  });
  return { id, siteId, customerId: point.customerId, gsrn, meteringPointId: point.id, temperatureArea: point.temperatureArea };
}

/**
 * One invoice with rows whose sums hold: net = Σ rows, one VAT line per rate of the rows (VAT rounded once per
 * line), total = net + VAT.
 */
export async function buildInvoice(db: Database, options: InvoiceOptions) {
  const given = options.rows ?? [
    { componentKind: 'Base', unit: 'kWh' as const, quantity: '512.345', unitPriceCents: '8.49000', netCents: 4350 },
    { componentKind: 'Monthly', unit: 'month' as const, quantity: '1.000', unitPriceCents: '395.00000', netCents: 395 },
  ];
  const rows = given.map((row) => ({ ...row, vatPermille: row.vatPermille ?? options.vatPermille ?? 255 }));
  const rates = [...new Set(rows.map((row) => row.vatPermille))];
  const lines = rates.map((vatPermille) => {
    const net = rows.filter((row) => row.vatPermille === vatPermille).reduce((sum, row) => sum + row.netCents, 0);
    return { vatPermille, netCents: net, vatCents: vatCents(net, vatPermille) };
  });
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vat = lines.reduce((sum, line) => sum + line.vatCents, 0);
  const invoiceNumber = options.invoiceNumber ?? `T-${randomUUID().slice(0, 8).toUpperCase()}`;
  const [created] = await db
    .insert(invoice)
    .values({
      siteId: options.contract.siteId,
      customerId: options.contract.customerId,
      contractId: options.contract.id,
      invoiceNumber,
      referenceNumber: options.referenceNumber ?? rfReference(String(Math.floor(Math.random() * 1e9))),
      issueDate: options.issueDate ?? options.periodEnd ?? options.periodStart,
      dueDate: options.dueDate,
      originalDueDate: options.dueDate,
      periodStart: options.periodStart,
      periodEnd: options.periodEnd ?? options.periodStart,
      netCents,
      vatCents: vat,
      totalCents: netCents + vat,
      type: options.type ?? 'Regular',
      delivery: 'email',
      paymentStatus: options.paymentStatus ?? 'unpaid',
      paidAt: options.paymentStatus === 'paid' ? new Date(`${options.dueDate}T08:00:00Z`) : null,
    })
    .returning();
  await db.insert(invoiceRow).values(
    rows.map((row, index) => ({
      invoiceId: created!.id,
      position: index + 1,
      meteringPointId: options.contract.meteringPointId,
      gsrn: options.contract.gsrn,
      utility: row.utility ?? 'electricity',
      componentKind: row.componentKind,
      unit: row.unit,
      quantity: row.quantity,
      unitPriceCents: row.unitPriceCents,
      netCents: row.netCents,
      vatPermille: row.vatPermille,
    })),
  );
  await db.insert(invoiceVatLine).values(lines.map((line, index) => ({ invoiceId: created!.id, position: index + 1, ...line })));
  return created!;
}
