import { readdirSync, readFileSync } from 'node:fs';
import nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { jsFormatIn, resolveInstalledModule } from './installed-module-formats.js';

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

  it('leave everything else to Node.js: packages by name, the portal’s own files, require()', () => {
    const next = vi.fn(() => ({ url: 'file:///resolved-by-node.js' }));
    const installed = pathToFileURL(join(nodeModules, 'drizzle-orm/index.js')).href;
    const ours = import.meta.url;
    resolveInstalledModule('drizzle-orm/pg-core', { ...esm, parentURL: ours }, next);
    resolveInstalledModule('./config.ts', { ...esm, parentURL: ours }, next);
    resolveInstalledModule('./config.js', { ...esm, parentURL: ours }, next);
    resolveInstalledModule('./alias.js', { conditions: ['node', 'require'], importAttributes: {}, parentURL: installed }, next);
    resolveInstalledModule('./alias', { ...esm, parentURL: installed }, next);
    expect(next).toHaveBeenCalledTimes(5);
  });
});
