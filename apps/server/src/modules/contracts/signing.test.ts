import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, monthStart, todayIn } from '@portal/schema/calendar-dates';
import { eic, gsrn } from '../../db/seed/demo-energy-catalogue.ts';
import { makeDemoCertificate } from '../../integrations/signing/demo-certificate.ts';
import { signPdf } from '../../integrations/signing/pdf-signature.ts';
import { queryRows } from '../../platform/database.ts';
import { buildContract, buildMeteringPoint } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

type Started = { contractId: string; contractNumber: string; signingToken: string; signingUrl: string; returnsToPortal: boolean };

describe('signing a contract', () => {
  const ctx = useTestApp();
  const today = todayIn('Europe/Helsinki');
  let aino: string;
  let mikko: string;
  let ainoForCompany: string;
  let staffForAino: string;
  let jaan: string;
  let ainoContract: string;

  beforeAll(async () => {
    const db = ctx.database.db;
    aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    ainoForCompany = await sessionCookieFor(db, PEOPLE.aino, 'lumo', 'representative-code=rc-lumo-aino-revontuli');
    staffForAino = await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo', 'cs-representative-code=LUMO-100001');
    jaan = await sessionCookieFor(db, PEOPLE.jaan, 'virmalise');
    // Aino's home as the grid register knows it (demo-grid.ts), with her spot contract there.
    const home = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001', gsrn: gsrn('64300110000054321') });
    ainoContract = await buildContract(db, home, {
      priceType: 'Hourly',
      startDate: '2024-01-01',
      components: [
        { kind: 'Margin', priceCents: '0.49000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '395.00000' },
      ],
    });
    await db.execute(`update contract set product_name = 'Lumo Pörssi' where id = '${ainoContract}'`);
  });

  const get = (url: string, cookie: string, host: string = HOSTS.lumo) => ctx.app.inject({ url, headers: { host, cookie } });
  const post = (url: string, cookie: string, payload: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { host, cookie, 'content-type': 'application/json' } });
  const upload = (contractId: string, cookie: string, body: Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/contracts/upload?contractId=${contractId}`,
      payload: body,
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/pdf' },
    });

  const newContract = (overrides: Record<string, unknown> = {}) => ({
    usagePointId: 'gp-lumo-kalevankatu-el',
    reason: 'move-in',
    productId: 'pr-lumo-kiintea-12',
    startDate: addDays(today, 3),
    billing: { channel: 'Email', target: 'aino.virtanen@example.fi' },
    contact: { email: 'aino.virtanen@example.fi', phone: '+358 40 123 4567' },
    ...overrides,
  });

  /** The signer's browser on the local signing service: its page, then the chosen decision posted. */
  async function signLocally(started: Started, decision: 'sign' | 'refuse') {
    const page = await ctx.app.inject({ url: started.signingUrl, headers: { host: HOSTS.lumo } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Aino Virtanen');
    const answer = await ctx.app.inject({
      method: 'POST',
      url: started.signingUrl,
      payload: `decision=${decision}&method=bank-op`,
      headers: { host: HOSTS.lumo, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode).toBe(303);
    return answer.headers.location as string;
  }

  describe('finding the usage point', () => {
    const search = (body: unknown, cookie = mikko) => post('/api/usage-points/search', cookie, body);

    it('finds a place of the grid by its street and number, telling a stranger no more than the meter shows', async () => {
      const response = await search({ searchType: 'ADDRESS', searchQuery: { address: 'Kalevankatu 31 Helsinki' } });
      expect(response.statusCode).toBe(200);
      const [found, ...rest] = response.json();
      expect(rest).toEqual([]);
      expect(found).toMatchObject({ usagePointId: 'gp-lumo-kalevankatu-el', utility: 'electricity', own: false, meterNumber: null });
      expect(found.code).toMatch(/^•{14}\d{4}$/);
      // Aino's own home: Mikko sees it masked, Aino sees it whole and as her own.
      const strangers = (await search({ searchType: 'ADDRESS', searchQuery: { address: 'Kuusikallionkuja 7' } })).json();
      expect(strangers[0]).toMatchObject({ own: false, code: `${'•'.repeat(14)}${gsrn('64300110000054321').slice(-4)}` });
      expect(JSON.stringify(strangers)).not.toMatch(/Aino|LUMO-100001|KAM-7731042/);
      const hers = (await search({ searchType: 'ADDRESS', searchQuery: { address: 'Kuusikallionkuja 7' } }, aino)).json();
      expect(hers[0]).toMatchObject({ own: true, code: gsrn('64300110000054321') });
    });

    it('answers each code mode by the code typed, whole, and a meter number only when it was typed', async () => {
      const byGsrn = (await search({ searchType: 'GSRN', searchQuery: { gsrn: gsrn('64300110000102233') } })).json();
      expect(byGsrn).toMatchObject([{ usagePointId: 'gp-lumo-kalevankatu-el', code: gsrn('64300110000102233') }]);
      const byMeter = (await search({ searchType: 'EIC_OR_METER_NUMBER', searchQuery: { meterNumber: 'kam 8840211' } })).json();
      expect(byMeter).toMatchObject([{ usagePointId: 'gp-lumo-kalevankatu-el', meterNumber: 'KAM-8840211' }]);
      const both = (
        await search({ searchType: 'ADDRESS_AND_METER_NUMBER', searchQuery: { address: 'Kalevankatu 31', meterNumber: 'KAM-0000000' } })
      ).json();
      expect(both).toEqual([]);
      // A gas EIC on the Estonian grid, and the datahub EIC of an Estonian electricity point.
      const gas = await post(
        '/api/usage-points/search',
        jaan,
        { searchType: 'EIC', searchQuery: { eic: eic('38ZEE-G00045121') } },
        HOSTS.virmalise,
      );
      expect(gas.json()).toMatchObject([{ utility: 'gas', code: eic('38ZEE-G00045121'), own: false }]);
      const onEstonianSite = await post(
        '/api/usage-points/search',
        jaan,
        { searchType: 'EIC', searchQuery: { eic: eic('38ZEE-00060012-') } },
        HOSTS.virmalise,
      );
      expect(onEstonianSite.json()).toMatchObject([{ usagePointId: 'gp-ve-vana-kalamaja-el', code: gsrn('47400510000060012') }]);
      // GSRN mode answers electricity only; another site's points are never found.
      expect((await search({ searchType: 'GSRN', searchQuery: { gsrn: gsrn('47400510000060012') } })).json()).toEqual([]);
    });

    it('refuses a town or a street alone, which would list strangers’ places', async () => {
      for (const address of ['Helsinki', 'Kalevankatu', '31']) {
        const response = await search({ searchType: 'ADDRESS', searchQuery: { address } });
        expect(response.statusCode, address).toBe(400);
      }
    });

    it('tells what starting at a place involves and checks a business code against the register', async () => {
      const response = await get('/api/contracts/start-info/go-lumo-kalevankatu-31-a-5?businessCode=3141593-8', ainoForCompany);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        address: { street: 'Kalevankatu 31 A 5', city: 'Helsinki' },
        usagePoints: [{ usagePointId: 'gp-lumo-kalevankatu-el', utility: 'electricity' }],
        windows: { 'move-in': { earliest: today }, switch: { earliest: addDays(today, 14) } },
        business: { valid: true, company: { name: 'Revontuli Sauna Oy', active: true } },
      });
      const wrong = (await get('/api/contracts/start-info/go-lumo-kalevankatu-31-a-5?businessCode=3141593-7', aino)).json();
      expect(wrong.business).toEqual({ code: '3141593-7', valid: false, company: null });
      expect((await get('/api/contracts/start-info/go-nowhere', aino)).statusCode).toBe(404);
    });

    it('suggests addresses of the grid as they are typed', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/addresses/autocomplete?q=kaleva',
        headers: { host: HOSTS.lumo, cookie: aino },
      });
      expect(response.json()).toEqual([
        {
          street: 'Kalevankatu 31 A 5',
          postalCode: '00100',
          city: 'Helsinki',
          countryCode: 'FI',
          label: 'Kalevankatu 31 A 5, 00100 Helsinki',
        },
      ]);
    });
  });

  describe('creating and signing', () => {
    let signed: Started;

    it('refuses what the site’s signing does not offer, before anything is written', async () => {
      const refusals: [Record<string, unknown>, string][] = [
        [{ productId: 'pr-lumo-porssi-katto' }, 'PRODUCT_NOT_AVAILABLE'],
        [{ productId: 'pr-lumo-tuulivoima' }, 'PRODUCT_NOT_AVAILABLE'],
        [{ reason: 'switch', startDate: addDays(today, 3) }, 'START_DATE_REFUSED'],
        [{ startDate: addDays(today, -1) }, 'START_DATE_REFUSED'],
        [{ billing: { channel: 'IBAN', target: 'FI2112345600000785' } }, 'BILLING_CHANNEL_NOT_AVAILABLE'],
        [{ termMonths: 36, productId: 'pr-lumo-porssi' }, 'TERM_NOT_OFFERED'],
        [{ usagePointId: 'gp-ve-vana-kalamaja-el' }, 'USAGE_POINT_NOT_FOUND'],
      ];
      for (const [change, code] of refusals) {
        const response = await post('/api/contracts/create', mikko, newContract(change));
        expect(response.json(), JSON.stringify(change)).toMatchObject({ code });
      }
      expect((await post('/api/contracts/create', staffForAino, newContract())).json()).toMatchObject({ code: 'SIGNING_NOT_FOR_STAFF' });
      expect(
        (await post('/api/contracts/create/estonia', aino, { ...newContract(), meteringPointEic: eic('38ZEE-00060012-') })).json(),
      ).toMatchObject({
        code: 'SIGNING_VARIANT_REFUSED',
      });
      expect((await get('/api/contracts', mikko)).json()).toEqual([]);
    });

    it('writes the contract awaiting signature and sends the signer to the local signing service', async () => {
      const response = await post(
        '/api/contracts/create',
        aino,
        newContract({ termMonths: 24, additionalProductId: 'pr-lumo-tuulivoima' }),
      );
      expect(response.statusCode, response.body).toBe(200);
      signed = response.json<Started>();
      expect(signed).toMatchObject({ status: 'awaiting-signature', returnsToPortal: true });
      expect(signed.signingUrl).toMatch(/^\/signing-service\/[\w-]{32}$/);
      const contract = (await get(`/api/contracts/${signed.contractId}`, aino)).json();
      expect(contract).toMatchObject({
        status: 'awaiting-signature',
        productName: 'Lumo Kiinteä 12 kk + Tuulivoima',
        termMonths: 24,
        address: { street: 'Kalevankatu 31 A 5' },
        billing: { channel: 'Email', target: 'aino.virtanen@example.fi' },
      });
      expect(
        contract.priceComponents.map((component: { kind: string; priceCents: string }) => `${component.kind} ${component.priceCents}`),
      ).toEqual(['Base 8.29000', 'Monthly 295.00000', 'Base 0.25000']);
      const status = (await get(`/api/contracts/signing/status?signingToken=${signed.signingToken}`, aino)).json();
      expect(status).toMatchObject({ state: 'pending', contractStatus: 'awaiting-signature' });
      // Not signed yet: finalize says so in JSON, the download has nothing.
      expect((await post('/api/contracts/finalize', aino, { signingToken: signed.signingToken })).json()).toMatchObject({
        statusCode: 409,
        code: 'SIGNING_PENDING',
      });
      expect(
        (await get(`/api/contracts/signing/download?signingToken=${signed.signingToken}&contractId=${signed.contractId}`, aino)).statusCode,
      ).toBe(204);
    });

    it('never shows another customer the contract, its signing or its token', async () => {
      expect((await get(`/api/contracts/${signed.contractId}`, mikko)).statusCode).toBe(404);
      expect((await get(`/api/contracts/signing/status?signingToken=${signed.signingToken}`, mikko)).statusCode).toBe(404);
      expect((await get(`/api/contracts/signing/status?signingToken=${signed.signingToken}`, ainoForCompany)).statusCode).toBe(404);
      expect((await post('/api/contracts/finalize', mikko, { signingToken: signed.signingToken })).statusCode).toBe(204);
      const download = await get(
        `/api/contracts/signing/download?signingToken=${signed.signingToken}&contractId=${signed.contractId}`,
        mikko,
      );
      expect(download.statusCode).toBe(204);
      expect(download.headers['cache-control']).toBe('no-store');
    });

    it('signs with the local e-ID, activates once however often it is told, and hands out a signed PDF', async () => {
      const back = await signLocally(signed, 'sign');
      expect(back).toBe(`http://${HOSTS.lumo}/contracts/sign/confirmation?signingToken=${signed.signingToken}`);
      const status = (await get(`/api/contracts/signing/status?signingToken=${signed.signingToken}`, aino)).json();
      expect(status).toMatchObject({ state: 'signed', contractStatus: 'signed' });
      const signedAt = status.signedAt;
      expect(signedAt).not.toBeNull();

      // The postback again, and finalize twice: nothing moves a second time.
      const providerToken = signed.signingUrl.split('/').pop();
      for (let round = 0; round < 2; round += 1) {
        const callback = await ctx.app.inject({
          method: 'POST',
          url: '/api/contracts/signing/callback/LOCAL',
          payload: { token: providerToken, action: 'signing_completed' },
          headers: { host: HOSTS.lumo, 'content-type': 'application/json' },
        });
        expect(callback.json()).toEqual({ state: 'signed' });
        const finalized = await post('/api/contracts/finalize', aino, { signingToken: signed.signingToken });
        expect(finalized.statusCode).toBe(200);
        expect(finalized.headers['content-type']).toBe('application/pdf');
        expect(finalized.headers['cache-control']).toBe('no-store');
        expect(finalized.rawPayload.includes('/ByteRange')).toBe(true);
      }
      expect((await get(`/api/contracts/signing/status?signingToken=${signed.signingToken}`, aino)).json().signedAt).toBe(signedAt);

      const download = await get(
        `/api/contracts/signing/download?signingToken=${signed.signingToken}&contractId=${signed.contractId}`,
        aino,
      );
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain(`${signed.contractNumber}-signed.pdf`);
      // Its signature dictionary: the byte range and the PKCS#7 contents, signed by the demo service.
      const file = download.rawPayload.toString('latin1');
      expect(file).toMatch(/\/ByteRange \[0 \d+ \d+ \d+\]/);
      expect(file).toMatch(/\/Contents <[0-9a-f]+>/i);
      expect(file).toContain('/SubFilter /adbe.pkcs7.detached');
    });

    it('cancels the contract when the signer refuses', async () => {
      const started = (await post('/api/contracts/create', aino, newContract({ usagePointId: 'gp-lumo-puutarhakatu-el' }))).json<Started>();
      await signLocally(started, 'refuse');
      expect((await get(`/api/contracts/signing/status?signingToken=${started.signingToken}`, aino)).json()).toMatchObject({
        state: 'refused',
        contractStatus: 'cancelled',
      });
      expect((await post('/api/contracts/finalize', aino, { signingToken: started.signingToken })).json()).toMatchObject({
        code: 'SIGNING_REFUSED',
      });
    });

    it('refuses a callback that names no signing', async () => {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/contracts/signing/callback/LOCAL',
        payload: { token: 'x'.repeat(32) },
        headers: { host: HOSTS.lumo, 'content-type': 'application/json' },
      });
      expect(answer.statusCode).toBe(404);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: '/api/contracts/signing/callback/LOCAL',
        payload: { action: 'signing_completed' },
        headers: { host: HOSTS.lumo, 'content-type': 'application/json' },
      });
      expect(forged.json()).toMatchObject({ statusCode: 400, code: 'CALLBACK_INVALID' });
    });
  });

  describe('a document signed elsewhere', () => {
    let pending: Started;
    let unsigned: Buffer;
    const key = makeDemoCertificate(new Date());
    const details = { name: 'Aino Virtanen', reason: 'Sopimus', location: 'Espoo', contactInfo: '', signingTime: new Date() };

    beforeAll(async () => {
      pending = (
        await post('/api/contracts/create', aino, newContract({ usagePointId: 'gp-lumo-puutarhakatu-el', startDate: addDays(today, 10) }))
      ).json();
      unsigned = (await get(`/api/contracts/${pending.contractId}/download`, aino)).rawPayload;
    });

    it('refuses what is not a signed copy of this contract, judged by its bytes', async () => {
      expect((await upload(pending.contractId, aino, Buffer.from('hello'))).json()).toMatchObject({ code: 'DOCUMENT_TYPE_REFUSED' });
      expect((await upload(pending.contractId, aino, unsigned)).json()).toMatchObject({ code: 'DOCUMENT_NOT_SIGNED' });
      const tampered = await signPdf(unsigned, key, details);
      tampered[100] = tampered[100]! ^ 1;
      expect((await upload(pending.contractId, aino, tampered)).json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
      const another = (await get(`/api/contracts/${ainoContract}/download`, aino)).rawPayload;
      expect((await upload(pending.contractId, aino, await signPdf(another, key, details))).json()).toMatchObject({
        code: 'DOCUMENT_NOT_THIS_CONTRACT',
      });
      expect((await upload(pending.contractId, mikko, await signPdf(unsigned, key, details))).statusCode).toBe(404);
      const tooLarge = await upload(pending.contractId, aino, Buffer.alloc(10 * 1024 * 1024 + 1, 0x25));
      expect(tooLarge.statusCode).toBe(413);
    });

    it('takes an ASiC-E container whose signature digests match this contract', async () => {
      const digest = createHash('sha256').update(unsigned).digest('base64');
      const signature = `<?xml version="1.0"?><asic:XAdESSignatures xmlns:asic="http://uri.etsi.org/02918/v1.2.1#" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:Signature><ds:SignedInfo><ds:Reference URI="contract.pdf"><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>${digest}</ds:DigestValue></ds:Reference></ds:SignedInfo><ds:SignatureValue>${'QUJD'.repeat(40)}</ds:SignatureValue><ds:KeyInfo><ds:X509Data><ds:X509SubjectName>CN=VIRTANEN,AINO</ds:X509SubjectName></ds:X509Data></ds:KeyInfo></ds:Signature></asic:XAdESSignatures>`;
      const container = (files: Record<string, Uint8Array>) =>
        Buffer.from(zipSync({ mimetype: [strToU8('application/vnd.etsi.asic-e+zip'), { level: 0 }], ...files }));
      const broken = container({ 'contract.pdf': unsigned, 'META-INF/signatures0.xml': strToU8(signature.replace(digest, 'AAAA')) });
      expect((await upload(pending.contractId, aino, broken)).json()).toMatchObject({ code: 'SIGNATURE_INVALID' });
      const good = container({ 'contract.pdf': unsigned, 'META-INF/signatures0.xml': strToU8(signature) });
      const response = await upload(pending.contractId, aino, good);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ state: 'signed', contractStatus: 'signed' });
      const again = await upload(pending.contractId, aino, good);
      expect(again.json()).toMatchObject({ code: 'CONTRACT_STATUS_REFUSED' });
    });
  });

  describe('the Estonian variant', () => {
    const estonian = (overrides: Record<string, unknown> = {}) => ({
      usagePointId: 'gp-ve-vana-kalamaja-el',
      reason: 'switch',
      productId: 'pr-virmalise-fix-24',
      startDate: monthStart(addDays(todayIn('Europe/Tallinn'), 21 + 31), 0),
      billing: { channel: 'Email', target: 'jaan.tamm@example.ee' },
      contact: { email: 'jaan.tamm@example.ee' },
      meteringPointEic: eic('38ZEE-00060012-'),
      ...overrides,
    });

    it('registers the supply with the datahub by the point’s EIC on the first of a month 21 days ahead', async () => {
      const create = (body: unknown) => post('/api/contracts/create/estonia', jaan, body, HOSTS.virmalise);
      expect((await create(estonian({ meteringPointEic: eic('38ZEE-00032185-') }))).json()).toMatchObject({ code: 'EIC_MISMATCH' });
      expect((await create(estonian({ meteringPointEic: '38ZEE-00060012-X' }))).statusCode).toBe(400);
      const notFirst = addDays(estonian().startDate, 1);
      expect((await create(estonian({ startDate: notFirst }))).json()).toMatchObject({ code: 'START_DATE_REFUSED' });
      expect((await post('/api/contracts/create', jaan, estonian(), HOSTS.virmalise)).json()).toMatchObject({
        code: 'SIGNING_VARIANT_REFUSED',
      });
      const response = await create(estonian());
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await queryRows<{ datahub_reference: string }>(
        ctx.database.db,
        sql`select datahub_reference from contract where id = ${response.json().contractId}`,
      );
      expect(row!.datahub_reference).toMatch(/^EDH-[0-9A-F]{12}$/);
    });
  });

  describe('renewing through an offer', () => {
    it('renews a contract in force and ends it the day before the renewal, once signed', async () => {
      const startDate = addDays(today, 20);
      const offers = (await get('/api/me/contract-offers', aino)).json();
      expect(offers.map((offer: { product: { id: string } }) => offer.product.id)).toContain('pr-lumo-kiintea-12');
      expect((await post(`/api/contracts/${ainoContract}/renew`, mikko, { productId: 'pr-lumo-kiintea-12', startDate })).statusCode).toBe(
        404,
      );
      expect(
        (await post(`/api/contracts/${ainoContract}/renew`, aino, { productId: 'pr-lumo-kiintea-12', startDate: today })).json(),
      ).toMatchObject({
        code: 'START_DATE_REFUSED',
      });
      const started = (
        await post(`/api/contracts/${ainoContract}/renew`, aino, { productId: 'pr-lumo-kiintea-12', startDate })
      ).json<Started>();
      const back = await signLocally(started, 'sign');
      expect(back).toBe(`http://${HOSTS.lumo}/contracts/${ainoContract}/offer/confirmation?signingToken=${started.signingToken}`);
      const renewed = (await get(`/api/contracts/${ainoContract}`, aino)).json();
      expect(renewed).toMatchObject({ status: 'ending', endDate: addDays(startDate, -1) });
      expect((await get(`/api/contracts/${started.contractId}`, aino)).json()).toMatchObject({
        status: 'signed',
        startDate,
        productName: 'Lumo Kiinteä 12 kk',
      });
    });
  });
});
