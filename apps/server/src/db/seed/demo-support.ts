import { and, eq } from 'drizzle-orm';
import { customer, person } from '../schema/identity.ts';
import { inboxMessage, supportSubtype, supportTicket, supportTicketComment, supportTopic, type LocalisedNames } from '../schema/support.ts';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { Database, Transaction } from '../../platform/database.ts';
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

type DemoTicket = {
  id: string;
  siteId: string;
  clientCode: string;
  senderSsn: string;
  handlerSsn: string;
  subtypeCode: string;
  /** The site's own language: the demo speaks it (issue 27). */
  localeId: LocaleId;
  email: string;
  message: string;
  reply: string;
  sentAt: Date;
  answeredAt: Date;
};

/** An answered question on each site that offers support, so the demo's support page and inbox are not empty. */
const DEMO_TICKETS: DemoTicket[] = [
  {
    id: 'tk-lumo-aino-1',
    siteId: 'lumo',
    clientCode: 'LUMO-100001',
    senderSsn: 'FI131052-308T',
    handlerSsn: 'FI150385-237N',
    subtypeCode: 'INVOICE_QUESTION',
    localeId: 'fi-FI',
    email: 'aino.virtanen@example.fi',
    message: 'Miksi lokakuun laskuni oli suurempi kuin syyskuun?',
    reply:
      'Hei Aino,\n\nLokakuu oli syyskuuta kylmempi ja pörssisähkön hinta nousi iltaisin, joten kulutuksesi maksoi enemmän. Voit verrata kuukausia etusivulla.\n\nYstävällisin terveisin\nLumon asiakaspalvelu',
    sentAt: new Date('2026-11-02T08:15:00Z'),
    answeredAt: new Date('2026-11-02T12:40:00Z'),
  },
  {
    id: 'tk-virmalise-mari-liis-1',
    siteId: 'virmalise',
    clientCode: 'VE-500101',
    senderSsn: 'EE49403136526',
    handlerSsn: 'EE38705120226',
    subtypeCode: 'METER_READING',
    localeId: 'et-EE',
    email: 'mari-liis.mannik@example.ee',
    message: 'Kas arvesti näidud jõuavad teieni ise või pean need igal kuul sisestama?',
    reply:
      'Tere, Mari-Liis!\n\nTeie kaugloetav arvesti saadab näidud meile iga tunni järel, nii et Teil ei ole vaja midagi sisestada. Tarbimist näete graafikute lehel.\n\nParimate soovidega\nVirmalise klienditeenindus',
    sentAt: new Date('2026-11-09T07:30:00Z'),
    answeredAt: new Date('2026-11-09T10:05:00Z'),
  },
];

/** The English question earlier releases seeded on Lumo's Finnish site: a later start puts it in Finnish. */
const ENGLISH_DEMO_MESSAGE = 'Why was my October invoice higher than September’s?';

/** Topics and subtypes of every demo site that offers support, and one answered ticket each; repeated starts add nothing. */
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
    for (const demo of DEMO_TICKETS) {
      await translateEarlierDemoTicket(tx, demo);
      await seedDemoTicket(tx, demo);
    }
  });
}

async function seedDemoTicket(tx: Transaction, demo: DemoTicket): Promise<void> {
  const [owner] = await tx
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.siteId, demo.siteId), eq(customer.clientCode, demo.clientCode)));
  const [sender] = await tx.select({ id: person.id, name: person.name }).from(person).where(eq(person.ssn, demo.senderSsn));
  const [handler] = await tx.select({ id: person.id }).from(person).where(eq(person.ssn, demo.handlerSsn));
  const subtype = SUBTYPES.find((candidate) => candidate.code === demo.subtypeCode)!;
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
      handlerGroup: subtype.handlerGroup,
      status: 'TS2',
      channelCode: 'EMAIL',
      contactName: sender.name ?? demo.clientCode,
      email: demo.email,
      message: demo.message,
      localeId: demo.localeId,
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
    localeId: demo.localeId,
    subjectKey: 'inbox.subject.support-reply',
    content: inboxHtmlFromText(demo.reply),
    ticketId: demo.id,
    readAt: demo.answeredAt,
    createdAt: demo.answeredAt,
  });
}

/** A demo ticket an earlier release seeded in English, untouched since, is put in the site's language. */
async function translateEarlierDemoTicket(tx: Transaction, demo: DemoTicket): Promise<void> {
  const translated = await tx
    .update(supportTicket)
    .set({ message: demo.message, localeId: demo.localeId })
    .where(and(eq(supportTicket.id, demo.id), eq(supportTicket.localeId, 'en-GB'), eq(supportTicket.message, ENGLISH_DEMO_MESSAGE)))
    .returning({ id: supportTicket.id });
  if (translated.length === 0) return;
  await tx
    .update(supportTicketComment)
    .set({ body: demo.reply })
    .where(eq(supportTicketComment.id, `${demo.id}-reply`));
  await tx
    .update(inboxMessage)
    .set({ content: inboxHtmlFromText(demo.reply), localeId: demo.localeId })
    .where(eq(inboxMessage.id, `${demo.id}-message`));
}
