import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import mime from 'mime-types';

/** Types mime-db does not name an extension for, with the one their standard gives. */
const OWN_EXTENSIONS: Record<string, string> = {
  // ETSI EN 319 162-1: an ASiC-E container (a signed document of the Baltic e-ID) is saved as .asice.
  'application/vnd.etsi.asic-e+zip': 'asice',
};

/**
 * The name a download is saved under: ending in the extension of the type the server judged its content to be, so a
 * saved copy opens as what it is (issue 25: a PDF named `….html` opened as a web page). A name that already ends in
 * one of the type's extensions stays; one ending in another type's extension loses it; any other ending (a date, a
 * version) is kept and the extension added. A type with no known extension is a programming error.
 */
export function downloadName(name: string, contentType: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const own = OWN_EXTENSIONS[type];
  const canonical = own ?? mime.extension(type);
  if (!canonical) throw new Error(`No file extension is known for ${type}`);
  const accepted = own ? [own] : (mime.extensions[type] ?? [canonical]);
  const dot = name.lastIndexOf('.');
  const ending = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (accepted.includes(ending)) return name;
  const stem = ending && (mime.lookup(ending) || Object.values(OWN_EXTENSIONS).includes(ending)) ? name.slice(0, dot) : name;
  return `${stem.trim() || 'download'}.${canonical}`;
}

/**
 * Spec §7: downloads are never cached and carry their name in Content-Disposition, named by `downloadName`;
 * `filename*` (RFC 5987/6266) keeps letters such as "ē" or "ä", `filename` is an ASCII fallback for old clients.
 * `inline` for a document a page shows (the local signing service's), `attachment` otherwise.
 */
export function sendAttachment(
  reply: FastifyReply,
  {
    filename,
    contentType,
    body,
    disposition = 'attachment',
  }: { filename: string; contentType: string; body: Buffer | string | Readable; disposition?: 'attachment' | 'inline' },
) {
  const name = downloadName(filename, contentType);
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`)
    .header('x-content-type-options', 'nosniff')
    .type(contentType)
    .send(body);
}
