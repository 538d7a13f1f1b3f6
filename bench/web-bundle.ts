import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * JavaScript a browser downloads to show /dashboard: the entry script and the chunks index.html preloads,
 * plus the dashboard route chunk and the chunks it imports.
 */
export function dashboardFirstLoad(distDir: string): { files: string[]; gzipBytes: number; transferredBytes: number } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const dashboard = readdirSync(join(distDir, 'assets')).find((file) => /^dashboard-[^.]+\.js$/.test(file));
  const files = new Set(fromHtml);
  const pending = dashboard ? [`assets/${dashboard}`] : [];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file) && file !== `assets/${dashboard}`) continue;
    files.add(file);
    const source = readFileSync(join(distDir, file), 'utf8');
    for (const match of source.matchAll(/from"\.\/([^"]+\.js)"/g)) {
      if (!files.has(`assets/${match[1]}`)) pending.push(`assets/${match[1]}`);
    }
  }
  const gzipBytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file))).length, 0);
  // What a browser that accepts brotli receives: the build's .br copy where there is one (docs/decisions/080).
  const transferredBytes = [...files].reduce((sum, file) => {
    const copy = join(distDir, `${file}.br`);
    return sum + readFileSync(existsSync(copy) ? copy : join(distDir, file)).length;
  }, 0);
  return { files: [...files], gzipBytes, transferredBytes };
}

/** Packages whose code, by the source maps, is part of the given files: what a first load should not carry. */
export function packagesIn(distDir: string, files: string[], packages: string[]): string[] {
  const sources = files.flatMap((file) => {
    const map = join(distDir, `${file}.map`);
    return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
  });
  return packages.filter((name) => sources.some((source) => source.includes(`node_modules/${name}/`)));
}
