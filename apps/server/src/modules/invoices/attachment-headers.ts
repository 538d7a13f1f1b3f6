import type { FastifyReply } from 'fastify';

/**
 * Spec §7: downloads are never cached and carry their name in Content-Disposition; `filename*` (RFC 5987/6266)
 * keeps letters such as "ē" or "ä", `filename` is an ASCII fallback for old clients.
 */
export function sendAttachment(
  reply: FastifyReply,
  { filename, contentType, body }: { filename: string; contentType: string; body: Buffer | string },
) {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`)
    .header('x-content-type-options', 'nosniff')
    .type(contentType)
    .send(body);
}
