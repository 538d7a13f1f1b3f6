import type { Readable } from 'node:stream';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { AppError } from './errors.ts';
import { INPUT_LIMITS, overLimit } from './input-limits.ts';

/** Not a ZIP container yauzl can read (no end of central directory, a broken entry, encryption, another method). */
export class NotAZipError extends Error {}

/** Inflated past this is judged by its ratio; smaller entries cannot carry a bomb worth the name. */
const RATIO_FROM_BYTES = 64 * 1024;

const openZip = (file: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(file, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true }, (error, zip) =>
      error ? reject(new NotAZipError(error.message)) : resolve(zip),
    ),
  );

/** The central directory's entries, read without inflating anything. */
const centralDirectory = (zip: ZipFile) =>
  new Promise<Entry[]>((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (error: Error) => reject(new NotAZipError(error.message)));
    zip.readEntry();
  });

const readStream = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(new NotAZipError(error.message)) : resolve(stream))),
  );

/** Judges one entry by what the central directory declares; throws the refusal of the first limit it passes. */
function checkDeclared(entry: Entry, declaredSoFar: number) {
  const { fileName, uncompressedSize, compressedSize } = entry;
  if (uncompressedSize > INPUT_LIMITS.zipEntryBytes.limit)
    throw overLimit('zipEntryBytes', `${fileName} inflates to ${uncompressedSize} bytes`);
  if (declaredSoFar + uncompressedSize > INPUT_LIMITS.zipTotalBytes.limit)
    throw overLimit('zipTotalBytes', `the container inflates to more than ${declaredSoFar + uncompressedSize} bytes`);
  if (uncompressedSize > RATIO_FROM_BYTES && uncompressedSize / Math.max(compressedSize, 1) > INPUT_LIMITS.zipRatio.limit) {
    throw overLimit('zipRatio', `${fileName} is compressed ${Math.round(uncompressedSize / Math.max(compressedSize, 1))} to 1`);
  }
}

/**
 * Inflates one entry, counting its bytes as they come: past what the central directory declared it stops at once,
 * so a directory that lies about a size gets no further than the size it told (yauzl checks the same at the end).
 */
async function inflate(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream = await readStream(zip, entry);
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > entry.uncompressedSize) {
        throw overLimit('zipDeclaredSizes', `${entry.fileName} inflates past the ${entry.uncompressedSize} bytes it declares`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof AppError || error instanceof NotAZipError) throw error;
    // yauzl's own size check (validateEntrySizes: "too many bytes in the stream", "stream ended early"), else zlib's.
    if (/too many bytes/i.test((error as Error).message)) {
      throw overLimit('zipDeclaredSizes', `${entry.fileName} inflates past the ${entry.uncompressedSize} bytes it declares`);
    }
    throw new NotAZipError((error as Error).message);
  }
  return Buffer.concat(chunks, bytes);
}

/**
 * The files of a ZIP container from untrusted bytes (issue 25), in the central directory's order, within the
 * limits of platform/input-limits.ts: the entry count and every declared size and ratio are checked against the
 * central directory before anything inflates, then each entry is inflated as a stream and counted while it
 * inflates. Throws `AppError` (ARCHIVE_TOO_LARGE, ARCHIVE_UNSAFE) past a limit, `NotAZipError` for what is not
 * a readable ZIP. Folders are left out.
 */
export async function readZipEntries(file: Buffer): Promise<Map<string, Buffer>> {
  const zip = await openZip(file);
  try {
    if (zip.entryCount > INPUT_LIMITS.zipEntries.limit) throw overLimit('zipEntries', `the container holds ${zip.entryCount} entries`);
    const entries = (await centralDirectory(zip)).filter((entry) => !entry.fileName.endsWith('/'));
    let declared = 0;
    for (const entry of entries) {
      checkDeclared(entry, declared);
      declared += entry.uncompressedSize;
    }
    const files = new Map<string, Buffer>();
    for (const entry of entries) files.set(entry.fileName, await inflate(zip, entry));
    return files;
  } finally {
    zip.close();
  }
}
