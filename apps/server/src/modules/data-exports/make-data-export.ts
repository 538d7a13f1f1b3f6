import escapeHtml from 'escape-html';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { SiteBootstrap } from '@portal/schema/site';
import { localDate, todayIn } from '@portal/schema/calendar-dates';
import { streamCsv } from '../../platform/csv-writer.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import { documentTexts } from '../../platform/document-texts.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import type { JobHandler } from '../../platform/jobs/job-type.ts';
import { sendMailJob } from '../../integrations/mail/send-mail-job.ts';
import { espiFeed } from '../readings/espi-feed.ts';
import { hubCsv } from '../readings/hub-csv.ts';
import { readingDownloadRepository as readingDownloads, type StoredSeries } from '../readings/reading-download-repository.ts';
import { inboxRepository } from '../inbox/inbox-repository.ts';
import { renderContractPdf } from '../contracts/contract-pdf.ts';
import { readContractDetail } from '../contracts/read-contract-detail.ts';
import { invoicePdfDocument } from '../invoices/invoice-documents.ts';
import { invoiceParties } from '../invoices/invoice-parties.ts';
import { invoiceRepository } from '../invoices/invoice-repository.ts';
import { dataExportRepository as exports } from './data-export-repository.ts';
import type { makeDataExportJob } from './data-export-jobs.ts';
import { TABLE_FILES, tableRows, type ExportSubject } from './export-tables.ts';
import { zipParts } from './zip-parts.ts';

const DAY_MS = 24 * 3600 * 1000;

/** The folders of the copy, in the order the README describes them. */
export const EXPORT_FOLDERS = [
  'profile',
  'settings',
  'notifications',
  'contracts',
  'invoices',
  'payments',
  'energy',
  'power-control',
  'outages',
  'support',
  'feedback',
  'sessions',
  'audit',
] as const;

type Deps = {
  siteOf: (siteId: string) => Promise<SiteBootstrap | null>;
  /** Days a ready copy can be downloaded (RETENTION_DAYS data-exports, 7 by default). */
  keptDays: number;
  now?: () => Date;
};

/**
 * The job that makes a copy of everything about a customer (GDPR Art. 15 and 20, docs/decisions/110): a ZIP of a
 * README in the asker's language, one JSON file per table of their data (export-tables.ts), every metering point's
 * readings as data hub CSV and Green Button XML, and the files sent with support requests. The archive is written in
 * parts as it is made (zip-parts.ts); a retry starts again from its first byte. When it is ready, in one transaction:
 * the copy is marked ready until `keptDays` from now, an inbox message and a mail tell the asker, and an audit line
 * records it.
 */
export function makeDataExportWith({ siteOf, keptDays, now = () => new Date() }: Deps): JobHandler<typeof makeDataExportJob.payload> {
  const make = makeOne(siteOf, keptDays, now);
  return async (payload, context) => {
    try {
      await make(payload, context);
    } catch (error) {
      // The last attempt failed: the copy is marked failed, so the customer sees it and may ask again.
      if (context.attempt >= context.maxAttempts) await exports.markFailed(context.db, payload.exportId);
      throw error;
    }
  };
}

function makeOne(siteOf: Deps['siteOf'], keptDays: number, now: () => Date): JobHandler<typeof makeDataExportJob.payload> {
  return async ({ exportId, origin }, { db, transaction, signal }) => {
    const row = await exports.forJob(db, exportId);
    if (!row || row.status !== 'queued') return;
    const site = await siteOf(row.siteId);
    if (!site) throw new Error(`No site ${row.siteId}`);
    const locale = row.localeId as LocaleId;
    const subject: ExportSubject = { siteId: row.siteId, customerId: row.customerId, personId: row.personId };
    const t = documentTexts(locale);
    const made = now();

    await exports.dropParts(db, exportId);
    const zip = zipParts((position, content) => exports.addPart(db, exportId, position, content));
    await zip.add('README.txt', readme(t, site, made));
    for (const entry of TABLE_FILES) {
      signal.throwIfAborted();
      await zip.add(entry.file, `${JSON.stringify(await tableRows(db, entry, subject), null, 2)}\n`);
    }
    for await (const document of documents(db, subject, site, locale, made)) {
      signal.throwIfAborted();
      await zip.add(document.name, document.content, { compressed: true });
    }
    for await (const file of readingFiles(db, subject, site, locale, origin, made)) {
      signal.throwIfAborted();
      await zip.add(file.name, file.content);
    }
    for await (const attachment of supportAttachments(db, subject)) {
      await zip.add(attachment.name, attachment.content, { compressed: attachment.compressed });
    }
    for await (const photo of meterReadingPhotos(db, subject)) await zip.add(photo.name, photo.content, { compressed: true });
    const sizeBytes = await zip.end();

    const email = await exports.askerEmail(db, row.personId);
    const link = `${origin}/settings?tab=my-data`;
    await transaction(async (tx) => {
      await exports.markReady(tx, exportId, { sizeBytes, readyAt: made, expiresAt: new Date(made.getTime() + keptDays * DAY_MS) });
      await inboxRepository.insert(tx, {
        siteId: row.siteId,
        customerId: row.customerId,
        localeId: locale,
        subjectKey: 'settings.data-export.ready.subject',
        content: `<p>${escapeHtml(t('settings.data-export.ready.body', { days: String(keptDays) }))}</p>`,
      });
      if (email) {
        const body = t('settings.data-export.ready.body', { days: String(keptDays) });
        await enqueue(
          tx,
          sendMailJob,
          {
            to: email,
            fromName: site.companyName,
            subject: t('settings.data-export.ready.subject'),
            text: `${body}\n\n${link}`,
            html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
          },
          { dedupeKey: `data-export-ready:${exportId}` },
        );
      }
      await actorRepository.audit(tx, {
        siteId: row.siteId,
        personId: row.personId,
        customerId: row.customerId,
        action: 'data export made',
        outcome: 'ok',
        requestId: `job:${exportId}`,
        ipAddress: null,
        details: `${sizeBytes} bytes`,
      });
    });
  };
}

function readme(t: ReturnType<typeof documentTexts>, site: SiteBootstrap, made: Date): string {
  const lines = [
    t('settings.data-export.readme.title', { company: site.companyName }),
    '',
    t('settings.data-export.readme.intro', { date: localDate(made, site.timezone) }),
    '',
    ...EXPORT_FOLDERS.map((folder) => `${folder}/  ${t(`settings.data-export.readme.${folder}`)}`),
    '',
    t('settings.data-export.readme.kept'),
    '',
  ];
  return lines.join('\r\n');
}

/** Every contract and invoice as the PDF the portal gives for it, in the asker's language (one made at a time). */
async function* documents(db: Database, subject: ExportSubject, site: SiteBootstrap, locale: LocaleId, made: Date) {
  const t = documentTexts(locale);
  const today = todayIn(site.timezone, made);
  const { holder, contractIds, invoiceIds } = await exports.documentsOf(db, subject);
  for (const id of contractIds) {
    const detail = await readContractDetail(db, subject, id, today);
    if (!detail || !holder) continue;
    yield {
      name: `contracts/${fileNameOf(t('contracts.file-name', { number: detail.contractNumber }))}.pdf`,
      content: await renderContractPdf({
        contract: detail,
        company: { name: site.companyName },
        customer: holder,
        locale,
        timezone: site.timezone,
      }),
    };
  }
  const scope = { ...subject, today, advancedPostponement: site.features.includes('ADVANCED_INVOICE_POSTPONEMENT') };
  for (const id of invoiceIds) {
    const found = await invoiceRepository.findById(db, scope, id);
    if (!found) continue;
    const pdf = await invoicePdfDocument(found, await invoiceParties(db, subject, found.contract.id), locale);
    yield { name: `invoices/${fileNameOf(pdf.filename)}`, content: pdf.body };
  }
}

/** A name safe in every file system a ZIP is opened on. */
const fileNameOf = (name: string) => [...name].map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char)).join('');

/** Each metering point's whole history, as the data hub's CSV and as Green Button XML (decision 109). */
async function* readingFiles(db: Database, subject: ExportSubject, site: SiteBootstrap, locale: LocaleId, origin: string, made: Date) {
  for (const id of await exports.meteringPointIds(db, subject)) {
    const point = await readingDownloads.meteringPoint(db, subject, id);
    const span = await exports.readingSpan(db, id);
    if (!point || !span) continue;
    const from = span.first;
    const to = new Date(span.last.getTime() + 1);
    const series = await readingDownloads.series(db, id, from, to);
    const readingsOf = (one: StoredSeries) => readingDownloads.readings(db, id, one, from, to);
    const layout = hubCsv({ country: site.countryCode, point, timezone: site.timezone, series, readingsOf });
    yield { name: `energy/readings/${point.gsrn}.csv`, content: streamCsv(layout.header, layout.rows, locale) };
    const feed = espiFeed({
      point,
      customerId: subject.customerId,
      host: new URL(origin).hostname,
      timezone: site.timezone,
      from: localDate(from, site.timezone),
      to: localDate(new Date(to.getTime() - 1), site.timezone),
      generatedAt: made,
      series,
      readingsOf,
    });
    yield { name: `energy/readings/${point.gsrn}_green-button.xml`, content: feed };
  }
}

/** The photos sent with the customer's meter readings (decision 112), one at a time, under their reading's id. */
async function* meterReadingPhotos(executor: Executor, subject: ExportSubject) {
  let after = '';
  for (;;) {
    const photo = await exports.meterPhotoAfter(executor, subject, after);
    if (!photo) return;
    after = photo.readingId;
    // Images are compressed already (the zip stores them as they are).
    yield { name: `energy/meter-reading-photos/${photo.readingId}-${fileNameOf(photo.fileName)}`, content: new Uint8Array(photo.content) };
  }
}

/** The files sent with the customer's support requests, one at a time, under their request's id. */
async function* supportAttachments(executor: Executor, subject: ExportSubject) {
  let after = '';
  for (;;) {
    const file = await exports.attachmentAfter(executor, subject, after);
    if (!file) return;
    after = file.id;
    yield {
      name: `support/attachments/${file.ticketId}/${file.id.slice(0, 8)}-${fileNameOf(file.fileName)}`,
      content: new Uint8Array(file.content),
      // Every type a request may carry (images, PDF) is compressed already; deflating it again costs time for nothing.
      compressed: true,
    };
  }
}
