import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { downloadName } from './downloads.ts';

const serverSource = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the name a download is saved under (issue 25)', () => {
  it('ends in the extension of the type the content was judged to be', () => {
    expect(downloadName('statement.html', 'application/pdf')).toBe('statement.pdf');
    expect(downloadName('photo.png', 'image/jpeg')).toBe('photo.jpg');
    expect(downloadName('Lasku 2024-001.csv', 'text/csv; charset=utf-8')).toBe('Lasku 2024-001.csv');
    expect(downloadName('LE-1-signed.pdf', 'application/vnd.etsi.asic-e+zip')).toBe('LE-1-signed.asice');
    expect(downloadName('LE-1-signed.asice', 'application/pdf')).toBe('LE-1-signed.pdf');
  });

  it('keeps a name already ending in one of the type’s extensions, and an ending that is no type’s', () => {
    expect(downloadName('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(downloadName('meter 2024.11', 'image/png')).toBe('meter 2024.11.png');
    expect(downloadName('readme', 'application/pdf')).toBe('readme.pdf');
    expect(downloadName('.html', 'application/pdf')).toBe('.html.pdf');
    expect(downloadName('', 'application/pdf')).toBe('download.pdf');
  });

  it('refuses a type it knows no extension for, rather than naming a file by guess', () => {
    expect(() => downloadName('x', 'application/x-portal-unknown')).toThrow(/No file extension/);
  });

  it('is how every download of the server is named: nothing else writes Content-Disposition', () => {
    const writers = sourceFiles(serverSource)
      .filter((path) => /['"`]content-disposition['"`]/i.test(readFileSync(path, 'utf8')))
      .map((path) => relative(serverSource, path));
    expect(writers).toEqual(['platform/downloads.ts']);
  });
});
