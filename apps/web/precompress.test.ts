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
    // A small chunk of the kind a page loads dozens of: well under 1 KB, and a third smaller compressed.
    const small = Buffer.from(`import{a as e}from"./index.js";export const t=()=>e("${'card-'.repeat(60)}");\n`);
    writeFileSync(join(dir, 'assets', 'small-abc123.js'), small);
    writeFileSync(join(dir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));

    expect(precompressFolder(dir).sort()).toEqual([join('assets', 'index-abc123.js'), join('assets', 'small-abc123.js')]);
    const br = readFileSync(join(dir, 'assets', 'index-abc123.js.br'));
    const gz = readFileSync(join(dir, 'assets', 'index-abc123.js.gz'));
    expect(brotliDecompressSync(br).equals(script)).toBe(true);
    expect(gunzipSync(gz).equals(script)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'small-abc123.js.br'))).equals(small)).toBe(true);
    expect(small.length).toBeLessThan(1024);
    // Twelve bytes compress to no less than their encoding's headers would cost: sent as they are.
    expect(existsSync(join(dir, 'assets', 'tiny-abc123.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'tiny-abc123.css.gz'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'logo-abc123.png.gz'))).toBe(false);
  });
});
