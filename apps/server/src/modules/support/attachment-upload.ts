import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ATTACHMENT_TYPES, MAX_ATTACHMENT_NAME_LENGTH, type AttachmentType } from '@portal/schema/support';
import { AppError } from '../../platform/errors.ts';
import { checkBodyText } from '../../platform/input-characters.ts';
import { INPUT_LIMITS } from '../../platform/input-limits.ts';

/** A file that passed the checks: its type is the one its content showed. */
export type CheckedFile = { fileName: string; contentType: AttachmentType; content: Buffer };

/** The JSON of the request travels in this part; every other part must be a file named `files`. */
const REQUEST_PART = 'request';
const FILES_PART = 'files';
const MAX_ATTACHMENT_BYTES = INPUT_LIMITS.attachmentBytes.limit;
const MAX_ATTACHMENTS = INPUT_LIMITS.attachments.limit;
const MAX_REQUEST_PART_BYTES = INPUT_LIMITS.attachmentRequestPartBytes.limit;
const MEGABYTES = MAX_ATTACHMENT_BYTES / (1024 * 1024);

const uploads = new WeakMap<FastifyRequest, CheckedFile[]>();

/** The checked files of a multipart request; none for a JSON one. */
export function uploadsOf(request: FastifyRequest): CheckedFile[] {
  return uploads.get(request) ?? [];
}

/**
 * Lets the calls that create a ticket or a comment take files (docs/decisions/055). Registered in the support
 * plugins only, so no other route parses multipart; busboy's limits stop a body as soon as it goes over them.
 */
export async function acceptAttachments(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_ATTACHMENT_BYTES,
      files: MAX_ATTACHMENTS,
      fields: 1,
      fieldSize: MAX_REQUEST_PART_BYTES,
      parts: MAX_ATTACHMENTS + 1,
      headerPairs: 50,
    },
  });
}

const tooLarge = (message: string) => Object.assign(new Error(message), { statusCode: 413 });
const unreadable = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * preValidation of a call that takes files: a multipart body becomes the JSON of its `request` part (validated by the
 * route's schema as any JSON body) and its checked files. A JSON body passes through untouched.
 */
export const readAttachments: preValidationAsyncHookHandler = async (request) => {
  if (!request.isMultipart()) return;
  const errors = request.server.multipartErrors;
  const files: CheckedFile[] = [];
  let body: unknown = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== FILES_PART) throw unreadable(`${part.fieldname}: files are sent in parts named "${FILES_PART}"`);
        files.push(await checkedFile(part.filename, await part.toBuffer()));
      } else if (part.fieldname === REQUEST_PART) {
        body = parseRequestPart(part.value);
      } else {
        throw unreadable(`${part.fieldname}: unknown part; send "${REQUEST_PART}" (JSON) and "${FILES_PART}"`);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.RequestFileTooLargeError) throw tooLarge(`files: a file may be at most ${MEGABYTES} MB`);
    if (error instanceof errors.FilesLimitError) throw tooLarge(`files: at most ${MAX_ATTACHMENTS} files at a time`);
    if (error instanceof errors.PartsLimitError || error instanceof errors.FieldsLimitError) {
      throw tooLarge(`at most one "${REQUEST_PART}" part and ${MAX_ATTACHMENTS} files`);
    }
    // A body cut short or not multipart at all (busboy's own errors carry no status): the client sent it wrong.
    throw unreadable(`the multipart body could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Made here, after the platform's preValidation looked at the (multipart) body: the same check, on the JSON.
  checkBodyText(body);
  uploads.set(request, files);
  request.body = body;
};

function parseRequestPart(value: unknown): unknown {
  if (typeof value !== 'string') throw unreadable(`${REQUEST_PART}: must be JSON text`);
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw unreadable(`${REQUEST_PART}: is not valid JSON`);
  }
}

/**
 * The type by the file's first bytes (file-type); a name or a declared type proves nothing. Only the first 4,100
 * bytes are shown to file-type (all that the four accepted types need), so no container inside is ever opened, and
 * the file is never decoded (issue 25).
 */
export async function checkedFile(name: string, content: Buffer): Promise<CheckedFile> {
  const fileName = cleanFileName(name);
  const detected = content.length > 0 ? await fileTypeFromBuffer(content.subarray(0, INPUT_LIMITS.attachmentSniffBytes.limit)) : undefined;
  const contentType = ATTACHMENT_TYPES.find((type) => type === detected?.mime);
  if (!contentType) {
    throw new AppError(
      'ATTACHMENT_TYPE_NOT_ALLOWED',
      `files: ${fileName} is not a PNG, JPEG or WebP image or a PDF document (judged by its content)`,
    );
  }
  return { fileName, contentType, content };
}

/** The last segment of whatever path a browser sent, without control characters, at most 120 characters. */
export function cleanFileName(name: string): string {
  const base =
    name
      .split(/[\\/]/)
      .pop()!
      .replace(/[\p{Cc}\p{Cf}"]/gu, '')
      .trim() || 'attachment';
  if (base.length <= MAX_ATTACHMENT_NAME_LENGTH) return base;
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(base)?.[0] ?? '';
  return base.slice(0, MAX_ATTACHMENT_NAME_LENGTH - extension.length) + extension;
}
