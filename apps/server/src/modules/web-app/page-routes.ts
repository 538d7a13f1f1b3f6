import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PAGE_PARAMETER_VALUES, pageOffered } from '@portal/schema/pages';
import { ROUTE_MANIFEST_FILE, routeManifest } from '@portal/schema/route-manifest';

/** Whether a request path names one of the app's pages that a site with these features offers. */
export type IsAppPage = (path: string, features: readonly string[]) => boolean;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * A TanStack Router path pattern: `$name` is any one segment (or one of its known values), a lone `$` the rest
 * of the path; literals ignore case as the router does.
 */
function matcherFor(pattern: string): (segments: string[]) => boolean {
  const parts = segmentsOf(pattern);
  const splat = parts.at(-1) === '$';
  const fixed = splat ? parts.slice(0, -1) : parts;
  const knownValues = PAGE_PARAMETER_VALUES[pattern] ?? {};
  const segmentMatches = (part: string, segment: string) =>
    part.startsWith('$') ? (knownValues[part.slice(1)]?.includes(segment) ?? true) : part.toLowerCase() === segment.toLowerCase();
  return (segments) =>
    (splat ? segments.length > fixed.length : segments.length === fixed.length) &&
    fixed.every((part, index) => segmentMatches(part, segments[index]!));
}

export type PageRoutes = {
  isAppPage: IsAppPage;
  /**
   * Files a first visit of `path` loads after the entry script (decision 086): its page's chunks and the theme's, for
   * the page's preload links. Nothing for a path that is no page or an older build.
   */
  preloadsFor: (path: string, themeId: string) => string[];
};

/**
 * Decision 021: the app's pages, from the route manifest its build wrote, less those whose feature the site does
 * not have. Without a manifest (an older build) every path counts as a page, and the server says so once.
 */
export function loadPageRoutes(distDir: string, log: Pick<FastifyBaseLogger, 'warn'>): PageRoutes {
  const file = join(distDir, ROUTE_MANIFEST_FILE);
  if (!existsSync(file)) {
    log.warn({ file }, 'web build has no route manifest: unknown pages answer 200 until it is rebuilt');
    return { isAppPage: (path, features) => pageOffered(path, features), preloadsFor: () => [] };
  }
  const manifest = routeManifest.parse(JSON.parse(readFileSync(file, 'utf8')));
  // The most literal pattern first: /contracts/sign before /contracts/$id.
  const patterns = [...manifest.pages].sort((a, b) => a.split('$').length - b.split('$').length);
  const matchers = patterns.map((pattern) => ({ pattern, matches: matcherFor(pattern) }));
  const pageOf = (path: string) => {
    const segments = segmentsOf(path).map(decodeSegment);
    if (segments.includes(null)) return undefined;
    return matchers.find(({ matches }) => matches(segments as string[]))?.pattern;
  };
  const preloads = manifest.preloads;
  return {
    isAppPage: (path, features) => pageOf(path) !== undefined && pageOffered(path, features),
    preloadsFor: (path, themeId) => {
      const page = pageOf(path);
      if (!preloads || page === undefined) return [];
      return [...new Set([...(preloads.themes[themeId] ?? []), ...(preloads.pages[page] ?? [])])];
    },
  };
}
