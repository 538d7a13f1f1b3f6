import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../platform/database.ts';

/** Whose copy is made: the customer, on their site, asked for by this person. */
export type ExportSubject = { siteId: string; customerId: string; personId: string };

/**
 * One JSON file of a copy of everything (docs/decisions/110): the rows of one table that are the customer's (or, for
 * the sign-in's own tables, the asking person's), with the table's own column names, minus the columns that are
 * secrets of the portal rather than data about the person (session tokens, e-ID and signing service tokens).
 */
export type TableFile = {
  file: string;
  table: string;
  where: (subject: ExportSubject) => SQL;
  /** Columns left out, each a secret (a bearer token) or a file written beside the JSON. */
  omit?: readonly string[];
  /** Rows in a stable order: by these columns. */
  orderBy?: readonly string[];
};

const ofCustomer = ({ siteId, customerId }: ExportSubject) => sql`site_id = ${siteId} and customer_id = ${customerId}`;
const ofContracts = (subject: ExportSubject) => sql`contract_id in (select id from contract where ${ofCustomer(subject)})`;
const ofInvoices = (subject: ExportSubject) => sql`invoice_id in (select id from invoice where ${ofCustomer(subject)})`;
const ofTickets = (subject: ExportSubject) => sql`ticket_id in (select id from support_ticket where ${ofCustomer(subject)})`;
const ofConnectionRequests = (subject: ExportSubject) =>
  sql`request_id in (select id from connection_request where ${ofCustomer(subject)})`;

/** Every table of the customer's data, by the folder of the copy it is written to. */
export const TABLE_FILES: readonly TableFile[] = [
  { file: 'profile/person.json', table: 'person', where: ({ personId }) => sql`id = ${personId}` },
  { file: 'profile/customer.json', table: 'customer', where: ({ siteId, customerId }) => sql`site_id = ${siteId} and id = ${customerId}` },
  { file: 'profile/representation.json', table: 'customer_access', where: ({ customerId }) => sql`customer_id = ${customerId}` },
  {
    file: 'profile/sign-in-methods.json',
    table: 'auth_account',
    where: ({ personId }) => sql`user_id = ${personId}`,
    omit: ['refresh_token', 'access_token', 'id_token', 'session_state'],
  },
  { file: 'profile/email-changes.json', table: 'email_change', where: ({ personId }) => sql`person_id = ${personId}`, omit: ['token'] },
  { file: 'settings/contacts.json', table: 'customer_contact', where: ofCustomer },
  { file: 'settings/addresses.json', table: 'customer_address', where: ofCustomer },
  { file: 'settings/bank-accounts.json', table: 'bank_account', where: ofCustomer },
  { file: 'settings/notification-settings.json', table: 'notification_setting', where: ofCustomer },
  { file: 'settings/outage-contacts.json', table: 'outage_contact', where: ofCustomer },
  { file: 'settings/push-subscriptions.json', table: 'push_subscription', where: ofCustomer, omit: ['p256dh', 'auth'] },
  { file: 'notifications/alerts.json', table: 'notification_alert', where: ofCustomer },
  { file: 'notifications/deliveries.json', table: 'notification_delivery', where: ofCustomer },
  { file: 'notifications/inbox.json', table: 'inbox_message', where: ofCustomer },
  { file: 'contracts/contracts.json', table: 'contract', where: ofCustomer },
  { file: 'contracts/price-components.json', table: 'price_component', where: ofContracts },
  { file: 'contracts/move-outs.json', table: 'contract_move_out', where: ofContracts },
  {
    file: 'contracts/signings.json',
    table: 'contract_signing',
    where: ofCustomer,
    omit: ['token', 'provider_token', 'document', 'signed_file'],
  },
  { file: 'invoices/invoices.json', table: 'invoice', where: ofCustomer },
  { file: 'invoices/rows.json', table: 'invoice_row', where: ofInvoices },
  { file: 'invoices/vat-lines.json', table: 'invoice_vat_line', where: ofInvoices },
  { file: 'invoices/postponements.json', table: 'invoice_postponement', where: ofInvoices },
  { file: 'payments/payments.json', table: 'payment', where: ofCustomer },
  {
    file: 'payments/events.json',
    table: 'payment_event',
    where: (subject) => sql`payment_id in (select id from payment where ${ofCustomer(subject)})`,
  },
  { file: 'energy/supply-objects.json', table: 'supply_object', where: ofCustomer },
  { file: 'energy/metering-points.json', table: 'metering_point', where: ofCustomer },
  {
    file: 'energy/meter-events.json',
    table: 'meter_event',
    where: (subject) => sql`metering_point_id in (select id from metering_point where ${ofCustomer(subject)})`,
  },
  // Register readings entered and measured (decision 112); the photos sent with them are files of their own.
  { file: 'energy/meter-readings.json', table: 'meter_register_reading', where: ofCustomer, orderBy: ['read_on', 'created_at'] },
  {
    file: 'energy/meter-reading-photos.json',
    table: 'meter_reading_photo',
    where: (subject) => sql`reading_id in (select id from meter_register_reading where ${ofCustomer(subject)})`,
    omit: ['content'],
  },
  { file: 'power-control/loads.json', table: 'controllable_load', where: ofCustomer },
  { file: 'power-control/meters.json', table: 'meter_control', where: ofCustomer },
  { file: 'power-control/plans.json', table: 'load_plan', where: ofCustomer },
  { file: 'power-control/commands.json', table: 'load_command', where: ofCustomer },
  { file: 'outages/notices.json', table: 'outage_notice', where: ofContracts },
  { file: 'support/requests.json', table: 'support_ticket', where: ofCustomer },
  { file: 'support/replies.json', table: 'support_ticket_comment', where: ofTickets },
  { file: 'support/attachments.json', table: 'support_attachment', where: ofTickets, omit: ['content'] },
  { file: 'feedback/answers.json', table: 'feedback_submission', where: ofCustomer },
  // Connections and solar (decision 124); the files' names and sizes are listed, the files are in the request's page.
  { file: 'connections/requests.json', table: 'connection_request', where: ofCustomer },
  { file: 'connections/history.json', table: 'connection_request_event', where: ofConnectionRequests },
  { file: 'connections/attachments.json', table: 'connection_request_attachment', where: ofConnectionRequests, omit: ['content'] },
  {
    file: 'sessions/sessions.json',
    table: 'auth_session',
    where: ({ siteId, personId }) => sql`site_id = ${siteId} and user_id = ${personId}`,
    omit: ['session_token'],
  },
  { file: 'audit/audit-log.json', table: 'audit_log', where: ofCustomer, orderBy: ['created_at', 'id'] },
];

/**
 * Tables with a customer or person column that the copy leaves out, and why (reading-downloads write the readings;
 * export-tables.test.ts fails for a new table in neither list).
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  staff_member: "the person's role at the utility, not data the utility holds about its customer",
  data_export: 'the copies themselves',
  erasure_request: 'the request to close the account (decision 122), shown beside the copy in Settings; once carried out, it names no one',
};

/** A table's rows as JSON objects, secrets left out, in a stable order. */
export async function tableRows(executor: Executor, entry: TableFile, subject: ExportSubject): Promise<unknown[]> {
  const table = sql.identifier(entry.table);
  const omitted = (entry.omit ?? []).reduce((json, column) => sql`${json} - ${column}::text`, sql`to_jsonb(t)`);
  const order = (entry.orderBy ?? []).length
    ? sql.join(
        (entry.orderBy ?? []).map((column) => sql.identifier(column)),
        sql`, `,
      )
    : sql`1`;
  const rows = await queryRows<{ row: unknown }>(
    executor,
    sql`select ${omitted} as row from ${table} t where ${entry.where(subject)} order by ${order}`,
  );
  return rows.map(({ row }) => row);
}
