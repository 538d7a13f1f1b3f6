import { and, eq } from 'drizzle-orm';
import { customer, person } from '../schema/identity.ts';
import { inboxMessage, supportSubtype, supportTicket, supportTicketComment, supportTopic, type LocalisedNames } from '../schema/support.ts';
import type { Database } from '../../platform/database.ts';
import { inboxHtmlFromText } from '../../modules/inbox/inbox-content.ts';
import { DEMO_SITES } from './demo-sites.ts';

const names = (en: string, fi: string, sv: string, et: string, lv: string, ru: string): LocalisedNames => ({
  'en-GB': en,
  'fi-FI': fi,
  'sv-FI': sv,
  'et-EE': et,
  'lv-LV': lv,
  'ru-RU': ru,
});

/** What the demo utilities' customers can write about, and which customer-service group reads it. */
const TOPICS = [
  {
    code: 'BILLING',
    names: names(
      'Invoices and payments',
      'Laskut ja maksut',
      'Fakturor och betalningar',
      'Arved ja maksed',
      'Rēķini un maksājumi',
      'Счета и платежи',
    ),
  },
  { code: 'CONTRACT', names: names('Contracts', 'Sopimukset', 'Avtal', 'Lepingud', 'Līgumi', 'Договоры') },
  {
    code: 'METERING',
    names: names(
      'Meter and consumption',
      'Mittari ja kulutus',
      'Mätare och förbrukning',
      'Arvesti ja tarbimine',
      'Skaitītājs un patēriņš',
      'Счётчик и потребление',
    ),
  },
  { code: 'OTHER', names: names('Other matters', 'Muut asiat', 'Övriga ärenden', 'Muud küsimused', 'Citi jautājumi', 'Другие вопросы') },
];

const SUBTYPES = [
  {
    code: 'INVOICE_QUESTION',
    topicCode: 'BILLING',
    handlerGroup: 'BILLING',
    names: names(
      'Question about an invoice',
      'Kysymys laskusta',
      'Fråga om en faktura',
      'Küsimus arve kohta',
      'Jautājums par rēķinu',
      'Вопрос по счёту',
    ),
  },
  {
    code: 'PAYMENT_PLAN',
    topicCode: 'BILLING',
    handlerGroup: 'BILLING',
    names: names('Payment plan', 'Maksusuunnitelma', 'Betalningsplan', 'Maksegraafik', 'Maksājumu grafiks', 'График платежей'),
  },
  {
    code: 'CONTRACT_CHANGE',
    topicCode: 'CONTRACT',
    handlerGroup: 'SALES',
    names: names('Changing my contract', 'Sopimuksen muutos', 'Ändring av avtal', 'Lepingu muutmine', 'Līguma maiņa', 'Изменение договора'),
  },
  {
    code: 'MOVING',
    topicCode: 'CONTRACT',
    handlerGroup: 'SALES',
    names: names('Moving house', 'Muutto', 'Flytt', 'Kolimine', 'Pārcelšanās', 'Переезд'),
  },
  {
    code: 'METER_READING',
    topicCode: 'METERING',
    handlerGroup: 'METERING',
    names: names('Meter reading', 'Mittarilukema', 'Mätarställning', 'Arvesti näit', 'Skaitītāja rādījums', 'Показания счётчика'),
  },
  {
    code: 'FAULT',
    topicCode: 'METERING',
    handlerGroup: 'METERING',
    names: names(
      'Fault or outage',
      'Vika tai katko',
      'Fel eller avbrott',
      'Rike või katkestus',
      'Bojājums vai pārtraukums',
      'Неисправность или отключение',
    ),
  },
  {
    code: 'GENERAL',
    topicCode: 'OTHER',
    handlerGroup: 'GENERAL',
    names: names('Something else', 'Jokin muu', 'Något annat', 'Midagi muud', 'Kaut kas cits', 'Другое'),
  },
];

/** Aino's answered question, so the demo's support page and inbox are not empty. */
const DEMO_TICKET = {
  id: 'tk-lumo-aino-1',
  siteId: 'lumo',
  clientCode: 'LUMO-100001',
  senderSsn: 'FI131052-308T',
  handlerSsn: 'FI150385-237N',
  subtypeCode: 'INVOICE_QUESTION',
  message: 'Why was my October invoice higher than September’s?',
  reply:
    'Hello Aino,\n\nOctober was colder and the spot price rose in the evenings, so your consumption cost more. You can compare the months on the dashboard.\n\nBest regards,\nLumo customer service',
  sentAt: new Date('2026-11-02T08:15:00Z'),
  answeredAt: new Date('2026-11-02T12:40:00Z'),
};

/** Topics and subtypes of every demo site that offers support, and one answered ticket; repeated starts add nothing. */
export async function seedDemoSupport(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const site of DEMO_SITES.filter((demo) => demo.features.includes('SUPPORT'))) {
      await tx
        .insert(supportTopic)
        .values(TOPICS.map((topic, position) => ({ ...topic, siteId: site.id, position })))
        .onConflictDoNothing();
      await tx
        .insert(supportSubtype)
        .values(SUBTYPES.map((subtype, position) => ({ ...subtype, siteId: site.id, position })))
        .onConflictDoNothing();
    }
    const demo = DEMO_TICKET;
    const [owner] = await tx
      .select({ id: customer.id })
      .from(customer)
      .where(and(eq(customer.siteId, demo.siteId), eq(customer.clientCode, demo.clientCode)));
    const [sender] = await tx.select({ id: person.id, name: person.name }).from(person).where(eq(person.ssn, demo.senderSsn));
    const [handler] = await tx.select({ id: person.id }).from(person).where(eq(person.ssn, demo.handlerSsn));
    if (!owner || !sender || !handler) return;
    const inserted = await tx
      .insert(supportTicket)
      .values({
        id: demo.id,
        siteId: demo.siteId,
        customerId: owner.id,
        personId: sender.id,
        requestType: 'CONTACTREQ',
        subtypeCode: demo.subtypeCode,
        handlerGroup: 'BILLING',
        status: 'TS2',
        channelCode: 'EMAIL',
        contactName: sender.name ?? 'Aino Virtanen',
        email: 'aino.virtanen@example.fi',
        message: demo.message,
        localeId: 'en-GB',
        assigneePersonId: handler.id,
        createdAt: demo.sentAt,
        updatedAt: demo.answeredAt,
      })
      .onConflictDoNothing()
      .returning({ id: supportTicket.id });
    if (inserted.length === 0) return;
    await tx.insert(supportTicketComment).values({
      id: `${demo.id}-reply`,
      ticketId: demo.id,
      siteId: demo.siteId,
      author: 'staff',
      personId: handler.id,
      body: demo.reply,
      createdAt: demo.answeredAt,
    });
    await tx.insert(inboxMessage).values({
      id: `${demo.id}-message`,
      siteId: demo.siteId,
      customerId: owner.id,
      localeId: 'en-GB',
      subjectKey: 'inbox.subject.support-reply',
      content: inboxHtmlFromText(demo.reply),
      ticketId: demo.id,
      readAt: demo.answeredAt,
      createdAt: demo.answeredAt,
    });
  });
}
