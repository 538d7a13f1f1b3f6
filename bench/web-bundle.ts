import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

/** A phone as issue 27 measured it: 390 × 844 CSS pixels. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

export type FirstLoad = {
  page: string;
  files: string[];
  transferredBytes: number;
  gzipBytes: number;
  /** The chart library's files, fetched because a chart was in view on the first screen; not in the sums above. */
  chartFiles: string[];
  chartBytes: number;
};

/**
 * The JavaScript a browser downloads for a first visit of each page (decision 105, superseding the sum of decision 083):
 * each page loaded cold in Debian's Chromium on a phone's screen until the network is idle, every script it fetched
 * counted, without scrolling. Counted as transferred: the build's brotli copy of each file, what the server sends a
 * browser over HTTPS (decision 080); the gzip copy beside it for comparison. The chart library loads when a chart comes
 * into view (on a phone the dashboard's first chart may be on the first screen): its files are counted apart.
 */
export async function firstLoads(distDir: string, origin: string, pages: { path: string; cookie?: string }[]): Promise<FirstLoad[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const loads: FirstLoad[] = [];
  try {
    for (const { path, cookie } of pages) {
      const context = await browser.newContext(PHONE);
      const url = `${origin}${path}`;
      if (cookie) {
        const [name, value] = cookie.split('=') as [string, string];
        await context.addCookies([{ name, value, url }]);
      }
      const page = await context.newPage();
      const files = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') files.add(new URL(response.url()).pathname.slice(1));
      });
      await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
      await page.waitForTimeout(1000);
      await context.close();
      const sizeOf = (file: string, suffix: string) =>
        existsSync(join(distDir, `${file}${suffix}`))
          ? statSync(join(distDir, `${file}${suffix}`)).size
          : statSync(join(distDir, file)).size;
      const built = [...files].filter((file) => existsSync(join(distDir, file)));
      const chartFiles = built.filter((file) => packagesIn(distDir, [file], ['echarts', 'zrender']).length > 0);
      const first = built.filter((file) => !chartFiles.includes(file));
      loads.push({
        page: path,
        files: first,
        transferredBytes: first.reduce((sum, file) => sum + sizeOf(file, '.br'), 0),
        gzipBytes: first.reduce((sum, file) => sum + sizeOf(file, '.gz'), 0),
        chartFiles,
        chartBytes: chartFiles.reduce((sum, file) => sum + sizeOf(file, '.br'), 0),
      });
    }
  } finally {
    await browser.close();
  }
  return loads;
}

/** Packages whose code, by the source maps, is part of the given files: what a first load should not carry. */
export function packagesIn(distDir: string, files: string[], packages: string[]): string[] {
  const sources = files.flatMap((file) => {
    const map = join(distDir, `${file}.map`);
    return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
  });
  return packages.filter((name) => sources.some((source) => source.includes(`node_modules/${name}/`)));
}
