import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * ZIP containers no honest program writes, made by hand for the tests of issue 25: a library would refuse to
 * write a central directory that lies. Only what yauzl and fflate read: local headers, the central directory, the
 * end record (ZIP64 when there are more than 65,535 entries, APPNOTE.TXT 4.3.14–4.3.16).
 */
export type HostileEntry = {
  name: string;
  /** The bytes as stored (raw deflate when `deflated`). */
  data: Buffer;
  deflated: boolean;
  crc: number;
  /** What the headers declare the entry inflates to; a lie when it differs from the truth. */
  declaredSize: number;
};

const MIB = 1024 * 1024;

/**
 * `bytes` zeros (a whole number of MiB) as raw deflate, and their CRC-32: one MiB compressed with a full flush
 * (byte-aligned, no reference before it) repeated, then an empty final block. ~1 KB per MiB, made in milliseconds.
 */
export function deflatedZeros(bytes: number): { data: Buffer; crc: number } {
  const zeros = Buffer.alloc(MIB);
  const block = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const count = bytes / MIB;
  let crc = 0;
  for (let i = 0; i < count; i++) crc = crc32(zeros, crc);
  return { data: Buffer.concat([...Array.from({ length: count }, () => block), Buffer.from([0x03, 0x00])]), crc };
}

export function storedEntry(name: string, content: Buffer | string): HostileEntry {
  const data = Buffer.from(content);
  return { name, data, deflated: false, crc: crc32(data), declaredSize: data.length };
}

export function deflatedEntry(name: string, content: Buffer): HostileEntry {
  return { name, data: deflateRawSync(content), deflated: true, crc: crc32(content), declaredSize: content.length };
}

/** A ZIP file of the entries, as their headers declare them. */
export function zipOf(entries: HostileEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(entry.deflated ? 8 : 0, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.deflated ? 8 : 0, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const zip64 = entries.length > 0xffff;
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 8);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, ...tail, end]);
}
