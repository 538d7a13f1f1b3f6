import { setImmediate } from 'node:timers/promises';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** The size of one stored part of an archive: big enough to be few rows, small enough to hold one at a time. */
export const PART_BYTES = 1024 * 1024;

/** The longest the archive works before it lets the server answer others (see `slice`). */
const SLICE_MS = 10;

/**
 * A ZIP archive (fflate's streaming writer) written out as parts of `PART_BYTES`, each handed to `store` as soon as it
 * is full, so the archive is never whole in memory. Files are added one at a time: text and other files are deflated,
 * files that are compressed already (PDF, images) are stored as they are.
 */
export function zipParts(store: (position: number, content: Buffer) => Promise<void>) {
  const pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let position = 0;
  let total = 0;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else {
      pending.push(chunk);
      pendingBytes += chunk.length;
      total += chunk.length;
    }
  });

  let sliceStart = performance.now();
  /**
   * Gives the event loop a turn once the archive has worked for `SLICE_MS`. On the embedded database (PGlite) a query
   * resolves without waiting for I/O, so a job of thousands of queries would otherwise hold the loop for seconds and
   * every other request of the server copy with it (measured: 3.7 s for two years of readings).
   */
  async function slice() {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await setImmediate();
    sliceStart = performance.now();
  }

  async function flush(all: boolean) {
    if (failure) throw failure;
    while (pendingBytes >= PART_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const content = joined.subarray(0, Math.min(PART_BYTES, joined.length));
      const rest = joined.subarray(content.length);
      pending.length = 0;
      if (rest.length) pending.push(rest);
      pendingBytes = rest.length;
      await store(position++, Buffer.from(content));
    }
  }

  return {
    /** A file from text or bytes, or from chunks read as they come (readings). */
    async add(name: string, content: string | Uint8Array | AsyncIterable<string | Uint8Array>, { compressed = false } = {}) {
      const file = compressed ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      zip.add(file);
      if (typeof content === 'string' || content instanceof Uint8Array) {
        file.push(typeof content === 'string' ? strToU8(content) : content, true);
      } else {
        for await (const chunk of content) {
          file.push(typeof chunk === 'string' ? strToU8(chunk) : chunk);
          await flush(false);
          await slice();
        }
        file.push(new Uint8Array(0), true);
      }
      await flush(false);
      await slice();
    },
    /** Ends the archive and stores what is left; resolves with the archive's size in bytes. */
    async end(): Promise<number> {
      zip.end();
      await flush(true);
      return total;
    },
  };
}
