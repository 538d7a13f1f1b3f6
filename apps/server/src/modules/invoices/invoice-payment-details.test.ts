import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sitePayee } from '../../db/schema/sites.ts';
import { addDays, monthStart, todayIn } from '@portal/schema/calendar-dates';
import { formatMoney } from '../../platform/document-texts.ts';
import { buildBilledContract, buildInvoice } from '../../test-support/billing-factories.ts';
import { extractPdfText } from '../../test-support/pdf-text.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { invoiceSeller } from './invoice-parties.ts';
import { nationalReference, rfReference } from './reference-number.ts';

const MARI_LIIS = 'EE49403136526';
const JANIS = 'LV220790-45671';

/** Issue 24: an invoice a customer can pay and an auditor accepts, on each demo site with the seeded payee details. */
describe('what an invoice says about the seller, the buyer and how to pay', () => {
  const ctx = useTestApp();
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    const db = ctx.database.db;
    cookies.aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    cookies.mariLiis = await sessionCookieFor(db, MARI_LIIS, 'virmalise');
    cookies.ozolu = await sessionCookieFor(db, JANIS, 'daugava', 'representative-code=rc-ds-janis-ozolu');
  });

  const get = (url: string, host: string, cookie: string) => ctx.app.inject({ url, headers: { host, cookie } });
  const pdfText = async (id: string, host: string, cookie: string) => {
    const response = await get(`/api/invoices/${id}/download`, host, cookie);
    expect(response.statusCode).toBe(200);
    return extractPdfText(response.rawPayload);
  };

  it('Lumo (Finland, RF reference): seller and buyer in full, both accounts, and the version 5 virtual bar code', async () => {
    const db = ctx.database.db;
    const today = todayIn('Europe/Helsinki');
    const contract = await buildBilledContract(db, {
      siteId: 'lumo',
      clientCode: 'LUMO-100001',
      street: 'Koivukuja 7 B 12',
      city: 'Espoo',
    });
    const dueDate = addDays(today, 14);
    const created = await buildInvoice(db, {
      contract,
      periodStart: monthStart(today, -1),
      dueDate,
      referenceNumber: rfReference('1000012026'),
    });
    const text = await pdfText(created.id, HOSTS.lumo, cookies.aino!);

    for (const expected of [
      'Lumo Energia Oy',
      'Mannerheimintie 12, 00100 Helsinki',
      'Y-tunnus: 2468135-7',
      'ALV-tunniste: FI24681357',
      'Aino Virtanen',
      'Koivukuja 7 B 12',
      '00100 Espoo',
      'Saaja: Lumo Energia Oy',
      'Tilinumero: FI21 1234 5600 0007 85 · BIC NDEAFIHH',
      'Tilinumero: FI61 5715 0020 0123 45 · BIC OKOYFIHH',
      'RF13 1000 0120 26',
      formatMoney(created.totalCents, 'fi-FI'),
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Version 5: 5, the IBAN's digits, euros and cents, the RF check, the reference padded to 21, the due date YYMMDD.
    const code = `52112345600000785${String(created.totalCents).padStart(8, '0')}13${'1000012026'.padStart(21, '0')}${dueDate.slice(2, 4)}${dueDate.slice(5, 7)}${dueDate.slice(8, 10)}`;
    expect(code).toHaveLength(54);
    expect(text).toContain(`Virtuaaliviivakoodi\n${code}`);
  });

  it('answers the payment details with the invoice, and no bar code once it is paid', async () => {
    const db = ctx.database.db;
    const today = todayIn('Europe/Helsinki');
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const unpaid = await buildInvoice(db, {
      contract,
      periodStart: monthStart(today, -1),
      dueDate: addDays(today, 7),
      referenceNumber: rfReference('77'),
    });
    const paid = await buildInvoice(db, {
      contract,
      periodStart: monthStart(today, -2),
      dueDate: addDays(today, -20),
      paymentStatus: 'paid',
    });

    const answer = (await get(`/api/invoices/${unpaid.invoiceNumber}`, HOSTS.lumo, cookies.aino!)).json();
    expect(answer.payment).toMatchObject({
      payee: 'Lumo Energia Oy',
      accounts: [
        { iban: 'FI2112345600000785', bic: 'NDEAFIHH' },
        { iban: 'FI6157150020012345', bic: 'OKOYFIHH' },
      ],
      referenceKind: 'rf',
      reference: rfReference('77'),
    });
    expect(answer.payment.virtualBarcode).toMatch(/^5\d{53}$/);
    expect(answer.payment).not.toHaveProperty('epcQr');
    const paidAnswer = (await get(`/api/invoices/${paid.invoiceNumber}`, HOSTS.lumo, cookies.aino!)).json();
    expect(paidAnswer.payment.virtualBarcode).toBeNull();
    expect(await pdfText(paid.id, HOSTS.lumo, cookies.aino!)).not.toContain('Virtuaaliviivakoodi');
  });

  it('Virmalise (Estonia, viitenumber): registry code, KMKR number, IBAN and BIC, the reference in groups of four, no Finnish bar code', async () => {
    const db = ctx.database.db;
    const today = todayIn('Europe/Tallinn');
    const contract = await buildBilledContract(db, { siteId: 'virmalise', clientCode: 'VE-500101', street: 'Pikk 12', city: 'Tartu' });
    const reference = nationalReference('50010120260');
    const created = await buildInvoice(db, {
      contract,
      periodStart: monthStart(today, -1),
      dueDate: addDays(today, 10),
      referenceNumber: reference,
      vatPermille: 220,
    });
    const text = await pdfText(created.id, HOSTS.virmalise, cookies.mariLiis!);

    for (const expected of [
      'Virmalise Energia AS',
      'Narva mnt 5, 10117 Tallinn',
      'Registrikood: 12345678',
      'KMKR number: EE102468135',
      'Mari-Liis Männik',
      'Pikk 12',
      'Saaja: Virmalise Energia AS',
      'Arvelduskonto: EE38 2200 2210 2014 5685 · BIC HABAEE2X',
      `Viitenumber: ${reference.replace(/(.{4})(?=.)/g, '$1 ')}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toMatch(/\d{54}/);
  });

  it('Daugava (Latvia, no reference): the payment purpose carries the invoice number, and a company buyer shows its registration number', async () => {
    const db = ctx.database.db;
    const today = todayIn('Europe/Riga');
    const contract = await buildBilledContract(db, {
      siteId: 'daugava',
      clientCode: 'DS-800301',
      street: 'Brīvības iela 40',
      city: 'Rīga',
    });
    const invoiceNumber = 'DS-800301-202601';
    const created = await buildInvoice(db, {
      contract,
      invoiceNumber,
      referenceNumber: invoiceNumber,
      periodStart: monthStart(today, -1),
      dueDate: addDays(today, 10),
      vatPermille: 210,
    });
    const text = await pdfText(created.id, HOSTS.daugava, cookies.ozolu!);

    for (const expected of [
      'Daugavas Siltums SIA',
      'Krasta iela 3, LV-1050 Rīga',
      'Reģistrācijas Nr.: 40003123453',
      'PVN reģistrācijas Nr.: LV40003123453',
      'Ozolu Nami SIA',
      'Brīvības iela 40',
      'Reģistrācijas Nr.: 40203123456',
      'Saņēmējs: Daugavas Siltums SIA',
      'Konts: LV87 HABA 0551 0123 4567 8 · BIC HABALV22',
      `Maksājuma mērķis: ${invoiceNumber}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    const answer = (await get(`/api/invoices/${invoiceNumber}`, HOSTS.daugava, cookies.ozolu!)).json();
    expect(answer.payment).toMatchObject({ referenceKind: 'purpose', reference: invoiceNumber, virtualBarcode: null });
  });
});

describe('the seller of a site whose payee details were never saved', () => {
  const ctx = useTestApp();

  it('names the company and country, and no payee: the invoice then offers no way to pay it (decision 095)', async () => {
    const db = ctx.database.db;
    expect((await invoiceSeller(db, 'kallio')).payee).not.toBeNull();
    await db.delete(sitePayee).where(eq(sitePayee.siteId, 'kallio'));
    expect(await invoiceSeller(db, 'kallio')).toEqual({ companyName: expect.any(String), countryCode: 'FI', payee: null });
  });
});
