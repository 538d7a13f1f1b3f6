import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SIGNING_STATES } from '@portal/schema/contract-signing';
import { bytes } from './bytes-column.ts';
import { enumText, oneOf } from './enum-column.ts';
import { contract } from './energy.ts';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

export const SIGNING_PROVIDERS = ['LOCAL', 'DOKOBIT_DOCUMENT_GATEWAY', 'UPLOAD'] as const;
export type SigningProviderId = (typeof SIGNING_PROVIDERS)[number];

/**
 * One signing of a contract (docs/decisions/033-signing-port.md): the portal's own token the browser carries, the
 * signing service's token, the document sent and, once signed, the signed file. The customer and site scope every
 * read, so a token of someone else's signing finds nothing.
 */
export const contractSigning = pgTable(
  'contract_signing',
  {
    token: text('token').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    contractId: text('contract_id')
      .notNull()
      .references(() => contract.id, { onDelete: 'cascade' }),
    /** Who signs: the person who started it. */
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    provider: enumText('provider', SIGNING_PROVIDERS).notNull(),
    providerToken: text('provider_token').notNull(),
    state: enumText('state', SIGNING_STATES).notNull().default('pending'),
    /** The contract PDF as sent to be signed. */
    document: bytes('document').notNull(),
    signedFile: bytes('signed_file'),
    /** application/pdf or application/vnd.etsi.asic-e+zip. */
    signedContentType: text('signed_content_type'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('contract_signing_provider_token_unique').on(table.provider, table.providerToken),
    index('contract_signing_contract_idx').on(table.contractId),
    oneOf('contract_signing_provider_check', table.provider, SIGNING_PROVIDERS),
    oneOf('contract_signing_state_check', table.state, SIGNING_STATES),
  ],
);

/**
 * The local signing service's own book (demo mode): what it was asked to sign, by whom, where to send them back,
 * and the file it signed. Stands where Dokobit's records would be.
 */
export const localSigning = pgTable(
  'local_signing',
  {
    token: text('token').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    signerName: text('signer_name').notNull(),
    signerCode: text('signer_code').notNull(),
    signerCountry: text('signer_country').notNull(),
    language: text('language').notNull(),
    returnUrl: text('return_url').notNull(),
    document: bytes('document').notNull(),
    state: enumText('state', SIGNING_STATES).notNull().default('pending'),
    signedFile: bytes('signed_file'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [oneOf('local_signing_state_check', table.state, SIGNING_STATES)],
);

/**
 * The local signing service's demo certificate and key (docs/decisions/034-local-signing-certificate.md): made
 * once, self-signed, so a PDF reader shows its signatures as made by an untrusted signer.
 */
export const signingCertificate = pgTable('signing_certificate', {
  id: text('id').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
