import { createRequire } from 'node:module';
import type { LocaleId } from '@portal/schema/locale-ids';

const require = createRequire(import.meta.url);
/** DejaVu Sans covers every letter of Estonian, Finnish, Latvian, Russian and Swedish; pdfkit embeds a subset. */
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Theme colours live in the web bundle; documents use the company's name and one neutral ink. */
export const PDF_COLOURS = { ink: '#1b1b1f', muted: '#5c5f66', accent: '#1d3b5c', rule: '#c9ced6' } as const;

type DocumentInfo = { title: string; author: string; subject: string; keywords?: string };

/**
 * An A4 document in the reader's language with the fonts 'regular' and 'bold' registered, and the bytes it
 * will have once `doc.end()` is called. `compress: false` keeps text streams readable (tests). pdfkit loads with
 * the first document, not with the server (decision 084).
 */
export async function openPdfDocument(locale: LocaleId, info: DocumentInfo, { compress = true } = {}) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress,
    lang: locale,
    info: { Title: info.title, Author: info.author, Subject: info.subject, ...(info.keywords ? { Keywords: info.keywords } : {}) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  return { doc, done };
}
