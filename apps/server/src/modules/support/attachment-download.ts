import type { FastifyReply } from 'fastify';
import type { AttachmentType } from '@portal/schema/support';
import { sendAttachment } from '../../platform/downloads.ts';

/**
 * Sends a stored file so that no browser runs it (docs/decisions/055): always as a download (Content-Disposition
 * attachment), with the type its content showed when it arrived (only images and PDF are ever stored), no sniffing,
 * and a policy that sandboxes the response and lets it load nothing, should a browser display it anyway.
 */
export function sendTicketFile(reply: FastifyReply, file: { fileName: string; contentType: AttachmentType; content: Buffer }) {
  reply.header('content-security-policy', "default-src 'none'; sandbox").header('cross-origin-resource-policy', 'same-origin');
  return sendAttachment(reply, { filename: file.fileName, contentType: file.contentType, body: file.content });
}
