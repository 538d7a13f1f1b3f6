import { readdirSync, readFileSync } from 'node:fs';
import nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { jsFormatIn, lookupFolder, resolveInstalledModule } from './installed-module-formats.js';

const nodeModules = fileURLToPath(new URL('../../../node_modules/', import.meta.url));
const esm = { conditions: ['node', 'import', 'node-addons'], importAttributes: {} };

/** What Node.js itself decides for a `.js` file: the `type` of the nearest package.json. */
function nodesFormat(file: string) {
  const packageJson = nodeModule.findPackageJSON(pathToFileURL(file))!;
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { type?: string }).type === 'module' ? 'module' : 'commonjs';
}

function jsFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.js'))
    .map((path) => join(folder, path));
}

describe('installed packages’ own imports', () => {
  it('resolve to the address and format Node.js gives them', () => {
    const next = vi.fn();
    const parent = pathToFileURL(join(nodeModules, 'drizzle-orm/pg-core/table.js')).href;
    expect(resolveInstalledModule('../table.js', { ...esm, parentURL: parent }, next)).toEqual({
      url: pathToFileURL(join(nodeModules, 'drizzle-orm/table.js')).href,
      format: 'module',
      shortCircuit: true,
    });
    // glob ships both builds, each folder with a package.json of its own saying which.
    const commonjs = pathToFileURL(join(nodeModules, 'glob/dist/commonjs/index.js')).href;
    expect(resolveInstalledModule('./glob.js', { ...esm, parentURL: commonjs }, next)).toMatchObject({ format: 'commonjs' });
    expect(next).not.toHaveBeenCalled();
  });

  it('agree with Node.js on every file of packages with one format, two formats, and none declared', () => {
    for (const name of ['drizzle-orm', 'glob', 'fastify']) {
      for (const file of jsFilesUnder(join(nodeModules, name)))
        expect([file, jsFormatIn(dirname(file))]).toEqual([file, nodesFormat(file)]);
    }
  });

  it('leave everything else to Node.js: the portal’s own files, require(), paths without an extension', () => {
    const next = vi.fn(() => ({ url: 'file:///resolved-by-node.js' }));
    const installed = pathToFileURL(join(nodeModules, 'drizzle-orm/index.js')).href;
    const ours = import.meta.url;
    resolveInstalledModule('./config.ts', { ...esm, parentURL: ours }, next);
    resolveInstalledModule('./config.js', { ...esm, parentURL: ours }, next);
    resolveInstalledModule('./alias.js', { conditions: ['node', 'require'], importAttributes: {}, parentURL: installed }, next);
    resolveInstalledModule('./alias', { ...esm, parentURL: installed }, next);
    resolveInstalledModule('node:fs', { ...esm, parentURL: ours }, next);
    resolveInstalledModule('fs', { ...esm, parentURL: ours }, next);
    expect(next).toHaveBeenCalledTimes(6);
  });
});

describe('packages imported by name', () => {
  const serverFolder = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
  const at = (path: string) => pathToFileURL(join(serverFolder, path)).href;

  it('are resolved by Node.js once per lookup folder, conditions and import attributes', () => {
    const next = vi.fn((specifier: string) => ({ url: `file:///resolved/${specifier}`, format: 'module' as const }));
    const fromFile = (specifier: string, parentURL: string, context = esm) =>
      resolveInstalledModule(specifier, { ...context, parentURL }, next);
    // Two of the server's files, in folders without a package.json or node_modules of their own: one lookup.
    expect(fromFile('pino-std-serializers', at('src/platform/database.ts'))).toEqual({
      url: 'file:///resolved/pino-std-serializers',
      format: 'module',
      shortCircuit: true,
    });
    fromFile('pino-std-serializers', at('src/modules/readings/import-readings.ts'));
    expect(next).toHaveBeenCalledTimes(1);
    // An installed package finds its own node_modules first; require() has conditions of its own; so has JSON.
    fromFile('pino-std-serializers', pathToFileURL(join(nodeModules, 'drizzle-orm/pg-core/table.js')).href);
    fromFile('pino-std-serializers', at('src/platform/database.ts'), { conditions: ['node', 'require'], importAttributes: {} });
    fromFile('pino-std-serializers', at('src/platform/database.ts'), { ...esm, importAttributes: { type: 'json' } });
    expect(next).toHaveBeenCalledTimes(4);
  });

  it('look up from the nearest folder with a package.json or node_modules, as Node.js’s lookup starts finding there', () => {
    expect(lookupFolder(join(serverFolder, 'src/modules/readings'))).toBe(serverFolder);
    expect(lookupFolder(join(nodeModules, 'drizzle-orm/pg-core/columns'))).toBe(join(nodeModules, 'drizzle-orm'));
    // glob's builds each have a package.json of their own (their `type`), which a self-reference would read.
    expect(lookupFolder(join(nodeModules, 'glob/dist/commonjs'))).toBe(join(nodeModules, 'glob/dist/commonjs'));
  });
});
