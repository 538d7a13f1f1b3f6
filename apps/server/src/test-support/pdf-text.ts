import { inflateSync } from 'node:zlib';

type PdfObject = { dictionary: string; stream: string | null };

/**
 * The text a reader sees in a PDF written by pdfkit, without a PDF library or system tool: each page's
 * content stream is scanned for font selections (Tf) and hex-string show operators (Tj/TJ), and the glyph
 * codes are mapped back to letters through the selected font's ToUnicode CMap. Works for pdfkit output
 * (embedded subset fonts, two-byte codes), compressed or not; it is not a general PDF parser.
 */
export function extractPdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  const reference = (dictionary: string, key: string) => {
    const match = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(dictionary);
    return match ? Number(match[1]) : null;
  };
  const cmapCache = new Map<number, Map<number, string>>();
  const cmapOfFont = (fontObject: number) => {
    if (!cmapCache.has(fontObject)) {
      const toUnicode = reference(objects.get(fontObject)?.dictionary ?? '', 'ToUnicode');
      cmapCache.set(fontObject, parseToUnicode(toUnicode === null ? '' : (objects.get(toUnicode)?.stream ?? '')));
    }
    return cmapCache.get(fontObject)!;
  };

  const lines: string[] = [];
  for (const [, page] of [...objects].filter(([, object]) => /\/Type\s*\/Page\b/.test(object.dictionary))) {
    const resourcesRef = reference(page.dictionary, 'Resources');
    const resources = resourcesRef === null ? page.dictionary : (objects.get(resourcesRef)?.dictionary ?? '');
    const fontBlock = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    const fonts = new Map([...fontBlock.matchAll(/\/(\w+)\s+(\d+)\s+0\s+R/g)].map((m) => [m[1]!, Number(m[2])]));
    const contentsRef = reference(page.dictionary, 'Contents');
    const content = contentsRef === null ? '' : (objects.get(contentsRef)?.stream ?? '');
    let cmap = new Map<number, string>();
    let line = '';
    const tokens = /\/(\w+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g;
    for (let token = tokens.exec(content); token; token = tokens.exec(content)) {
      if (token[1]) {
        const font = fonts.get(token[1]);
        if (font !== undefined) cmap = cmapOfFont(font);
      } else if (token[2] !== undefined) {
        line += [...token[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => decode(hex[1]!, cmap)).join('');
      } else if (token[3] !== undefined) {
        line += decode(token[3], cmap);
      } else if (line) {
        lines.push(line);
        line = '';
      }
    }
  }
  return lines.join('\n');
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const pattern = /(\d+)\s+0\s+obj\b/g;
  for (let match = pattern.exec(raw); match; match = pattern.exec(raw)) {
    const end = raw.indexOf('endobj', match.index);
    const body = raw.slice(match.index + match[0].length, end);
    const streamAt = body.indexOf('stream');
    if (streamAt === -1) {
      objects.set(Number(match[1]), { dictionary: body, stream: null });
      continue;
    }
    const dictionary = body.slice(0, streamAt);
    let dataStart = match.index + match[0].length + streamAt + 'stream'.length;
    if (raw[dataStart] === '\r') dataStart++;
    if (raw[dataStart] === '\n') dataStart++;
    const dataEnd = raw.indexOf('endstream', dataStart);
    const bytes = pdf.subarray(dataStart, dataEnd);
    objects.set(Number(match[1]), { dictionary, stream: decodeStream(dictionary, bytes) });
    pattern.lastIndex = dataEnd;
  }
  return objects;
}

/** Flate-compressed or plain stream data as latin1 text; null for what does not inflate (not text anyway). */
function decodeStream(dictionary: string, bytes: Buffer): string | null {
  try {
    return (/\/FlateDecode/.test(dictionary) ? inflateSync(bytes) : bytes).toString('latin1');
  } catch {
    return null;
  }
}

function decode(hex: string, map: Map<number, string>): string {
  let text = '';
  for (let index = 0; index + 4 <= hex.length; index += 4) text += map.get(parseInt(hex.slice(index, index + 4), 16)) ?? '';
  return text;
}

function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => {
    const units: number[] = [];
    for (let index = 0; index + 4 <= hex.length; index += 4) units.push(parseInt(hex.slice(index, index + 4), 16));
    return String.fromCharCode(...units);
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(pair[1]!, 16), utf16(pair[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const from = parseInt(range[1]!, 16);
      const to = parseInt(range[2]!, 16);
      if (range[3]!.startsWith('[')) {
        // pdfkit writes a ligature's letters with spaces between them (<0066 0069> for "fi"), and a glyph
        // without letters as <>: every entry keeps its place in the range.
        [...range[3]!.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((value, offset) =>
          map.set(from + offset, utf16(value[1]!.replace(/\s+/g, ''))),
        );
      } else {
        const base = parseInt(range[3]!.slice(1, -1), 16);
        for (let code = from; code <= to; code++) map.set(code, String.fromCharCode(base + code - from));
      }
    }
  }
  return map;
}
