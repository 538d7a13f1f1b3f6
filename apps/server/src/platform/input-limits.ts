import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOAD_MAX_BYTES } from '@portal/schema/contract-signing';
import type { ErrorCode } from '@portal/schema/error-codes';
import { MAX_INBOUND_READINGS } from '@portal/schema/inbound-meter-readings';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@portal/schema/support';
import { AppError } from './errors.ts';

const KIB = 1024;
const MIB = 1024 * 1024;

/** One limit on bytes a client sends: how much, and the answer past it (the status follows from the code's kind). */
export type InputLimit = { what: string; limit: number; unit: string; status: 400 | 413 | 415 | 422 | 429 | 503; code: ErrorCode };

/**
 * Every limit the server applies to bytes a client sends, in one place (issue 25, docs/decisions/098 and 099), and
 * the table of docs/operations.md (a test holds the two together). The figures come from what honest input needs:
 * the largest JSON call (a site's settings) is a few KB; a signed contract is a PDF of ~100 KB, an ASiC-E container
 * adds a few XML files of ~10 KB; an import of a month of hourly readings for a few thousand meters is ~200 MB.
 */
export const INPUT_LIMITS = {
  jsonBodyBytes: { what: 'JSON or form body of any call', limit: 256 * KIB, unit: 'bytes', status: 413, code: 'BODY_TOO_LARGE' },
  jsonDepth: { what: 'JSON nesting (objects and arrays inside each other)', limit: 32, unit: 'levels', status: 422, code: 'BODY_TOO_DEEP' },
  contentEncoding: {
    what: '`Content-Encoding` of a request body other than identity (gzip, deflate, br)',
    limit: 0,
    unit: 'encodings',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  signInFormBytes: {
    what: 'sign-in form posts (`/api/auth/*`, Auth.js)',
    limit: 16 * KIB,
    unit: 'bytes',
    status: 413,
    code: 'BODY_TOO_LARGE',
  },
  paymentCallbackBytes: {
    what: 'payment provider callback (`/api/payments/callback/*`)',
    limit: 16 * KIB,
    unit: 'bytes',
    status: 413,
    code: 'BODY_TOO_LARGE',
  },
  demoPageFormBytes: {
    what: 'form posts of the demo signing and payment pages',
    limit: 4 * KIB,
    unit: 'bytes',
    status: 413,
    code: 'BODY_TOO_LARGE',
  },
  clientLogBytes: {
    what: 'client log line (`/api/logs`, `/api/auth/_log`)',
    limit: 32 * KIB,
    unit: 'bytes',
    status: 413,
    code: 'BODY_TOO_LARGE',
  },
  signedUploadBytes: {
    what: 'signed contract upload (PDF or ASiC-E)',
    limit: UPLOAD_MAX_BYTES,
    unit: 'bytes',
    status: 413,
    code: 'BODY_TOO_LARGE',
  },
  signedUploadsPerMinute: {
    what: 'signed contract uploads per client address (each takes a parsing thread)',
    limit: 20,
    unit: 'a minute',
    status: 429,
    code: 'RATE_LIMITED',
  },
  zipEntries: {
    what: 'entries of a ZIP container (central directory)',
    limit: 100,
    unit: 'entries',
    status: 413,
    code: 'ARCHIVE_TOO_LARGE',
  },
  zipEntryBytes: {
    what: 'one ZIP entry, inflated (declared, and counted while inflating)',
    limit: 20 * MIB,
    unit: 'bytes',
    status: 413,
    code: 'ARCHIVE_TOO_LARGE',
  },
  zipTotalBytes: { what: 'all ZIP entries together, inflated', limit: 40 * MIB, unit: 'bytes', status: 413, code: 'ARCHIVE_TOO_LARGE' },
  zipRatio: {
    what: 'compression ratio of a ZIP entry over 64 KB inflated',
    limit: 100,
    unit: 'to 1',
    status: 422,
    code: 'ARCHIVE_UNSAFE',
  },
  zipDeclaredSizes: {
    what: 'ZIP entry inflating to more than its central directory declares',
    limit: 0,
    unit: 'bytes over',
    status: 422,
    code: 'ARCHIVE_UNSAFE',
  },
  signatureXmlBytes: {
    what: 'one XML file of an ASiC-E container (manifest, signatures)',
    limit: 1 * MIB,
    unit: 'bytes',
    status: 413,
    code: 'ARCHIVE_TOO_LARGE',
  },
  signatureXmlDoctype: {
    what: 'DTD (`<!DOCTYPE>`, entity declarations) in an ASiC-E XML file',
    limit: 0,
    unit: 'declarations',
    status: 422,
    code: 'DOCUMENT_TOO_COMPLEX',
  },
  pdfSignatures: {
    what: 'signatures (`/ByteRange`) in an uploaded PDF',
    limit: 10,
    unit: 'signatures',
    status: 422,
    code: 'DOCUMENT_TOO_COMPLEX',
  },
  pdfSignatureBytes: {
    what: 'one PDF signature (`/Contents`, hex)',
    limit: 1 * MIB,
    unit: 'bytes',
    status: 422,
    code: 'DOCUMENT_TOO_COMPLEX',
  },
  documentCheckMs: {
    what: 'time to check one uploaded document (off the event loop)',
    limit: 10_000,
    unit: 'ms',
    status: 422,
    code: 'DOCUMENT_TOO_COMPLEX',
  },
  parsingWorkerHeapMb: {
    what: 'heap of a parsing worker thread (a document that needs more is refused)',
    limit: 256,
    unit: 'MB',
    status: 422,
    code: 'DOCUMENT_TOO_COMPLEX',
  },
  parsingQueue: {
    what: 'documents waiting for a parsing worker, per server copy (2 threads)',
    limit: 16,
    unit: 'documents',
    status: 503,
    code: 'PARSING_BUSY',
  },
  attachmentBytes: {
    what: 'one support attachment (PNG, JPEG, WebP, PDF; never decoded)',
    limit: MAX_ATTACHMENT_BYTES,
    unit: 'bytes',
    status: 413,
    code: 'BODY_TOO_LARGE',
  },
  attachments: { what: 'support attachments in one request', limit: MAX_ATTACHMENTS, unit: 'files', status: 413, code: 'BODY_TOO_LARGE' },
  attachmentRequestPartBytes: {
    what: 'the JSON part of a multipart support request',
    limit: 64 * KIB,
    unit: 'bytes',
    status: 413,
    code: 'BODY_TOO_LARGE',
  },
  attachmentSniffBytes: {
    what: 'bytes of an attachment read to judge its type (file-type)',
    limit: 4100,
    unit: 'bytes',
    status: 400,
    code: 'ATTACHMENT_TYPE_NOT_ALLOWED',
  },
  importBytes: {
    what: 'import file through the server (`/internal/import`, decision 014)',
    limit: 256 * MIB,
    unit: 'bytes',
    status: 413,
    code: 'BODY_TOO_LARGE',
  },
  inboundReadingRows: {
    what: 'rows of a reading system batch (`/api/reading-system/meter-readings`, decision 131)',
    limit: MAX_INBOUND_READINGS,
    unit: 'rows',
    status: 413,
    code: 'BATCH_TOO_LARGE',
  },
  importCsvRows: { what: 'lines of a readings CSV import', limit: 4_000_000, unit: 'lines', status: 413, code: 'IMPORT_TOO_LARGE' },
  importXmlBytes: { what: 'ENTSO-E price document import', limit: 32 * MIB, unit: 'bytes', status: 413, code: 'IMPORT_TOO_LARGE' },
  importXmlDepth: { what: 'XML nesting of a price document import', limit: 32, unit: 'levels', status: 400, code: 'IMPORT_REJECTED' },
  importXmlDoctype: {
    what: 'DTD (`<!DOCTYPE>`, entities) in a price document import',
    limit: 0,
    unit: 'declarations',
    status: 400,
    code: 'IMPORT_REJECTED',
  },
} as const satisfies Record<string, InputLimit>;

export type InputLimitName = keyof typeof INPUT_LIMITS;

/** "10 MB", "32 KB", "100 entries", "none": a limit as a message and docs/operations.md name it. */
export function describeLimit(name: InputLimitName): string {
  const { limit, unit } = INPUT_LIMITS[name] as InputLimit;
  if (limit === 0) return 'none';
  if (unit === 'bytes' && limit % MIB === 0) return `${limit / MIB} MB`;
  if (unit === 'bytes' && limit % KIB === 0) return `${limit / KIB} KB`;
  if (unit === 'ms' && limit % 1000 === 0) return `${limit / 1000} s`;
  return `${limit.toLocaleString('en-GB')} ${unit}`;
}

/** The cells of docs/operations.md's table of input limits for one limit: what, limit, answer. */
export function limitRow(name: InputLimitName): [string, string, string] {
  const { what, status, code } = INPUT_LIMITS[name];
  return [what, describeLimit(name), `${status} \`${code}\``];
}

/** The refusal of input past one of the limits, with its stable code; `detail` says what was found. */
export function overLimit(name: InputLimitName, detail: string): AppError {
  return new AppError(INPUT_LIMITS[name].code, `${detail} (limit: ${describeLimit(name)})`);
}

/**
 * A request body arrives as sent: no client of the portal compresses one, and a decoder would let a small body
 * inflate before any limit reads it (decision 099). Refused in onRequest, before a byte of the body is read.
 */
function refuseEncodedBody(request: FastifyRequest, done: (error?: Error) => void) {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    const error = Object.assign(new Error(`Content-Encoding ${encoding} is not accepted: send the body uncompressed`), {
      statusCode: INPUT_LIMITS.contentEncoding.status,
    });
    return done(error);
  }
  done();
}

/** The platform's share of the limits: request encodings. Body sizes are Fastify's bodyLimit per route. */
export const inputLimits = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      if (request.headers['content-encoding']) reply.header('accept-encoding', 'identity');
      refuseEncodedBody(request, done);
    });
  },
  { name: 'input-limits' },
);
