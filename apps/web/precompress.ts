import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the browser fetches as a file; maps are for developers' tools, images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than the bytes of its headers. */
const MIN_BYTES = 1024;

/**
 * Decision 080: every compressible file of the build also as `.br` (brotli at its best quality: built once,
 * sent often) and `.gz`, next to the original, so the server answers by the browser's Accept-Encoding without
 * compressing anything per request. Returns the files it compressed, relative to `dir`.
 */
export function precompressFolder(dir: string, relative = ''): string[] {
  const done: string[] = [];
  for (const name of readdirSync(join(dir, relative))) {
    const path = join(relative, name);
    const full = join(dir, path);
    if (statSync(full).isDirectory()) {
      done.push(...precompressFolder(dir, path));
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const bytes = readFileSync(full);
    if (bytes.length < MIN_BYTES) continue;
    writeFileSync(
      `${full}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    writeFileSync(`${full}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    done.push(path);
  }
  return done;
}

/** The Vite side: once the build is written, its files get their compressed copies. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}
