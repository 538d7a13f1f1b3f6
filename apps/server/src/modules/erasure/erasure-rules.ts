import { sql, type SQL } from 'drizzle-orm';

/**
 * Whose data an erasure removes: the customer on their site, the people whose only tie to the portal was acting for
 * this customer (they are pseudonymised with it; anyone who still acts for another customer or works for a site
 * keeps their person and loses only the access), and the token the kept rows are known by from then on.
 */
export type ErasureSubject = { siteId: string; customerId: string; personIds: readonly string[]; token: string };

/**
 * What happens to one table's rows of the customer (docs/decisions/122): `remove` deletes them, `pseudonymise`
 * replaces what names, reaches or identifies the person and keeps amounts and dates, `keep` leaves them as they are.
 * Rules run in this order, so rows that point at others go first.
 */
export type ErasureRule =
  | { table: string; rule: 'remove'; where: (subject: ErasureSubject) => SQL; basis: string }
  | { table: string; rule: 'pseudonymise'; where: (subject: ErasureSubject) => SQL; set: (subject: ErasureSubject) => SQL; basis: string }
  | { table: string; rule: 'keep'; basis: string };

const ofCustomer = ({ siteId, customerId }: ErasureSubject) => sql`site_id = ${siteId} and customer_id = ${customerId}`;
const ofContracts = (subject: ErasureSubject) => sql`contract_id in (select id from contract where ${ofCustomer(subject)})`;
const ofTickets = (subject: ErasureSubject) => sql`ticket_id in (select id from support_ticket where ${ofCustomer(subject)})`;
const ofConnectionRequests = (subject: ErasureSubject) =>
  sql`request_id in (select id from connection_request where ${ofCustomer(subject)})`;
/** `column in (the people)`; false when no one is pseudonymised. */
const ofPeople = (column: string, { personIds }: ErasureSubject) =>
  personIds.length
    ? sql`${sql.identifier(column)} in (${sql.join(
        personIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;

const NO_LONGER_NEEDED = 'Art. 17(1)(a): no longer needed once no contract is in force; nothing in law asks to keep it';
const BOOKKEEPING =
  'Art. 17(3)(b), Art. 6(1)(c): bookkeeping law (FI Kirjanpitolaki 2:10, EE Raamatupidamise seadus § 12, LV Grāmatvedības likums 28. pants)';

export const ERASURE_RULES: readonly ErasureRule[] = [
  // The sign-in: the e-ID link and the browsers signed in go, so no one signs in as this customer again.
  { table: 'auth_account', rule: 'remove', where: (s) => ofPeople('user_id', s), basis: NO_LONGER_NEEDED },
  { table: 'auth_session', rule: 'remove', where: (s) => ofPeople('user_id', s), basis: NO_LONGER_NEEDED },
  { table: 'email_change', rule: 'remove', where: (s) => ofPeople('person_id', s), basis: NO_LONGER_NEEDED },
  { table: 'customer_access', rule: 'remove', where: ({ customerId }) => sql`customer_id = ${customerId}`, basis: NO_LONGER_NEEDED },
  // Settings: how to reach the customer and what they chose.
  { table: 'customer_contact', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'customer_address', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'bank_account', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'notification_setting', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'outage_contact', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'push_subscription', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  // What was sent to the customer.
  { table: 'notification_delivery', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'notification_alert', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'inbox_message', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'outage_notice', rule: 'remove', where: ofContracts, basis: NO_LONGER_NEEDED },
  // Support: with no contract and nothing unpaid, there is no claim left that a complaint's file would be evidence in.
  { table: 'support_attachment', rule: 'remove', where: ofTickets, basis: NO_LONGER_NEEDED },
  { table: 'support_ticket_comment', rule: 'remove', where: ofTickets, basis: NO_LONGER_NEEDED },
  { table: 'support_ticket', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'feedback_submission', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  // Connection requests (decision 124): with nothing in force, the connection contract (kept) is what the grid remembers.
  { table: 'connection_request_attachment', rule: 'remove', where: ofConnectionRequests, basis: NO_LONGER_NEEDED },
  { table: 'connection_request_event', rule: 'remove', where: ofConnectionRequests, basis: NO_LONGER_NEEDED },
  { table: 'connection_request', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  // Power control: the customer's own devices and plans.
  { table: 'load_command', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'load_plan', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'controllable_load', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  { table: 'meter_control', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  // The photo shows the customer's home; the reading it came with stays as a basis of the billed quantity.
  {
    table: 'meter_reading_photo',
    rule: 'remove',
    where: (s) => sql`reading_id in (select id from meter_register_reading where ${ofCustomer(s)})`,
    basis: NO_LONGER_NEEDED,
  },
  {
    table: 'contract_signing',
    rule: 'remove',
    where: ofCustomer,
    basis: 'Art. 17(1)(a): the signed contract row is the kept basis; the signing document holds the personal code',
  },
  { table: 'data_export', rule: 'remove', where: ofCustomer, basis: NO_LONGER_NEEDED },
  // Kept for bookkeeping, without what names or reaches the person.
  {
    table: 'contract',
    rule: 'pseudonymise',
    where: ofCustomer,
    set: () => sql`contact_email = null, contact_phone = null, co_owner_name = null, co_owner_code = null, billing_target = ''`,
    basis: `${BOOKKEEPING}: the basis of the kept invoices (number, product, dates, metering point, prices)`,
  },
  {
    table: 'contract_move_out',
    rule: 'pseudonymise',
    where: ofContracts,
    set: ({ token }) => sql`street = ${token}, postal_code = '', city = '', reported_by = ${token}`,
    basis: `${BOOKKEEPING}: the end date and final reading are the final invoice's basis; the new address is not`,
  },
  {
    table: 'meter_register_reading',
    rule: 'pseudonymise',
    where: ofCustomer,
    set: () => sql`entered_by_person_id = null`,
    basis: `${BOOKKEEPING}: the basis of billed quantities`,
  },
  {
    table: 'customer',
    rule: 'pseudonymise',
    where: ({ siteId, customerId }) => sql`site_id = ${siteId} and id = ${customerId}`,
    set: ({ token }) => sql`name = ${token}, business_code = null, membership_number = null, member_since = null`,
    basis: `${BOOKKEEPING}: the client code the kept invoices are booked under`,
  },
  {
    table: 'person',
    rule: 'pseudonymise',
    where: (s) => ofPeople('id', s),
    set: ({ token }) => sql`name = ${token}, email = null, email_verified = null, image = null, ssn = null, country_code = null,
      verified_at = null, phone = null, preferred_locale = null, marketing_channels = '{}', updated_at = now()`,
    basis: 'Art. 17(1)(a); the row stays only as what kept postponements and the request point at',
  },
  {
    table: 'audit_log',
    rule: 'pseudonymise',
    where: (s) => sql`(${ofCustomer(s)}) or ${ofPeople('person_id', s)}`,
    set: () => sql`ip_address = null, details = null, before = null, after = null`,
    basis: 'Art. 5(2), 17(3)(e): who did what and when shows the controller kept the rules; the values changed and addresses go',
  },
  { table: 'invoice', rule: 'keep', basis: BOOKKEEPING },
  { table: 'invoice_row', rule: 'keep', basis: BOOKKEEPING },
  { table: 'invoice_vat_line', rule: 'keep', basis: BOOKKEEPING },
  { table: 'invoice_postponement', rule: 'keep', basis: `${BOOKKEEPING}: a changed due date is part of the invoice` },
  { table: 'payment', rule: 'keep', basis: BOOKKEEPING },
  { table: 'payment_event', rule: 'keep', basis: BOOKKEEPING },
  { table: 'price_component', rule: 'keep', basis: `${BOOKKEEPING}: the prices the invoices were made with` },
  { table: 'supply_object', rule: 'keep', basis: `${BOOKKEEPING}: the place of supply of the kept invoices, a building of the grid` },
  { table: 'metering_point', rule: 'keep', basis: `${BOOKKEEPING}: the metering point the invoice rows name` },
  { table: 'meter_event', rule: 'keep', basis: 'the grid operator’s events of its meter, not about the person' },
  { table: 'reading', rule: 'keep', basis: `${BOOKKEEPING}: the measured basis of billed quantities; the data hub holds them too` },
  { table: 'staff_member', rule: 'keep', basis: 'a person who works for a site is never pseudonymised by a customer’s erasure' },
  { table: 'erasure_request', rule: 'keep', basis: 'Art. 5(2), 12(3): the answer to the request' },
];
