import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSiteParams, AUDIT_PAGE_SIZE, auditPage, auditQuery } from '@portal/schema/admin';
import { streamCsv } from '../../platform/csv-writer.ts';
import { documentTexts } from '../../platform/document-texts.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { personLocale } from '../../platform/request-locale.ts';
import type { Database } from '../../platform/database.ts';
import { auditLogRepository } from './audit-log-repository.ts';

/** The export's columns, by the keys of their headers in packages/locales/web/admin. */
const CSV_HEADERS = [
  'admin.audit.at',
  'admin.audit.person',
  'admin.audit.csv.customer-code',
  'admin.audit.csv.customer-name',
  'admin.audit.action',
  'admin.audit.outcome',
  'admin.audit.csv.details',
  'admin.audit.before',
  'admin.audit.after',
];

/** The site's audit log for its administrator: a page to read, and the whole filtered log as CSV (decision 072). */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/site/:siteId/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Audit lines of the site, newest first, by person, customer, action and days of the site calendar',
        params: adminSiteParams,
        querystring: auditQuery,
        response: { 200: auditPage, ...guardedErrors },
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      const found = await auditLogRepository.page(db, request.params.siteId, request.site.timezone, filter, page, AUDIT_PAGE_SIZE);
      return { ...found, page, pageSize: AUDIT_PAGE_SIZE };
    },
  );
  app.get(
    '/api/admin/site/:siteId/audit.csv',
    {
      // The log leaves the portal with people's names in it: the export is audited (decision 107).
      config: { auditRead: true },
      schema: {
        tags: ['admin'],
        summary: "The filtered audit log as CSV in the administrator's language (UTF-8, streamed, formula-guarded; times in UTC)",
        params: adminSiteParams,
        querystring: auditQuery,
        produces: ['text/csv'],
        response: { 200: z.any(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const { page: _page, ...filter } = request.query;
      const lines = auditLogRepository.all(db, request.params.siteId, request.site.timezone, filter);
      const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
      const rows = (async function* () {
        for await (const entry of lines) {
          yield [
            entry.at,
            entry.personName,
            entry.customerCode,
            entry.customerName,
            entry.action,
            entry.outcome,
            entry.details,
            json(entry.before),
            json(entry.after),
          ];
        }
      })();
      const locale = personLocale(request);
      const t = documentTexts(locale);
      const csv = streamCsv(
        CSV_HEADERS.map((key) => t(key)),
        rows,
        locale,
      );
      return sendAttachment(reply, { filename: `audit-${request.params.siteId}.csv`, contentType: 'text/csv; charset=utf-8', body: csv });
    },
  );
};
