import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFolder } from './precompress.ts';

describe('precompressing the build', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes brotli and gzip copies of scripts and styles that decompress to the same bytes, and leaves the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    const script = Buffer.from(
      `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, label: `row ${i}` })))};\n`,
    );
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dir, 'assets', 'tiny-abc123.css'), 'a{color:red}');
    writeFileSync(join(dir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));

    expect(precompressFolder(dir)).toEqual([join('assets', 'index-abc123.js')]);
    const br = readFileSync(join(dir, 'assets', 'index-abc123.js.br'));
    const gz = readFileSync(join(dir, 'assets', 'index-abc123.js.gz'));
    expect(brotliDecompressSync(br).equals(script)).toBe(true);
    expect(gunzipSync(gz).equals(script)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(script.length / 3);
    expect(existsSync(join(dir, 'assets', 'tiny-abc123.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'logo-abc123.png.gz'))).toBe(false);
  });
});
