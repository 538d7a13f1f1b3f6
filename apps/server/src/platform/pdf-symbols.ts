type PdfDoc = PDFKit.PDFDocument;

/**
 * Draws `text` as a Code 128 bar code in vector form: bwip-js (a port of Barcode Writer in Pure PostScript) encodes it
 * into bar and space widths, and each bar is a filled rectangle, so the code prints sharp at any resolution. A text of
 * digits only is encoded in code set C, two digits a symbol. `moduleWidth` is the narrowest bar in points; the quiet zone
 * of ten modules on each side is left blank. Answers the width drawn, quiet zones included.
 */
export async function drawCode128(
  doc: PdfDoc,
  text: string,
  x: number,
  y: number,
  { moduleWidth, height }: { moduleWidth: number; height: number },
): Promise<number> {
  const { default: bwipjs } = await import('bwip-js/node');
  const [encoded] = bwipjs.raw('code128', text, {}) as { sbs: number[] }[];
  if (!encoded) throw new Error('Code 128: nothing encoded');
  let at = x + 10 * moduleWidth;
  encoded.sbs.forEach((modules, index) => {
    // Widths alternate bar, space, bar …, starting with a bar.
    if (index % 2 === 0) doc.rect(at, y, modules * moduleWidth, height);
    at += modules * moduleWidth;
  });
  doc.fillColor('#000000').fill();
  return at + 10 * moduleWidth - x;
}

/**
 * Draws `payload` as a QR code of error correction level `level`, its text in UTF-8 byte mode, modules as filled
 * squares of `size` / (modules + 8) points, leaving the four-module quiet zone blank inside `size`.
 */
export async function drawQrCode(doc: PdfDoc, payload: string, x: number, y: number, size: number, level: 'L' | 'M' | 'Q' | 'H' = 'M') {
  const { default: QRCode } = await import('qrcode');
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: level });
  const module = size / (modules.size + 8);
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) doc.rect(x + (column + 4) * module, y + (row + 4) * module, module, module);
    }
  }
  doc.fillColor('#000000').fill();
}
