// Plain JavaScript, as main.js: registered before the first TypeScript module loads (docs/decisions/090).
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @type {Map<string, 'module' | 'commonjs'>} */
const formatOfFolder = new Map();

/**
 * Whether Node.js loads a `.js` file in this folder as an ES module or as CommonJS: the `type` of the nearest
 * package.json up from it, as Node.js decides, read once per folder.
 * @param {string} folder
 * @returns {'module' | 'commonjs'}
 */
export function jsFormatIn(folder) {
  let format = formatOfFolder.get(folder);
  if (format) return format;
  try {
    format = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).type === 'module' ? 'module' : 'commonjs';
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    const parent = dirname(folder);
    format = parent === folder ? 'commonjs' : jsFormatIn(parent);
  }
  formatOfFolder.set(folder, format);
  return format;
}

/** @type {Map<string, string>} */
const lookupFolderOf = new Map();

/**
 * The folder from which a bare specifier imported by a file in `folder` resolves as from `folder` itself: the nearest
 * folder, `folder` or up, holding a package.json (whose `name` and `exports` decide a self-reference) or a node_modules
 * folder (where the package lookup starts finding things). Node.js looks for a package in `node_modules` of the
 * importing file's folder and of each one above it: from every folder below this one and up to it the lookup finds
 * nothing until this one, so all of them resolve a bare specifier to the same file.
 * @param {string} folder
 * @returns {string}
 */
export function lookupFolder(folder) {
  let found = lookupFolderOf.get(folder);
  if (found) return found;
  const parent = dirname(folder);
  found =
    parent === folder || existsSync(join(folder, 'package.json')) || existsSync(join(folder, 'node_modules'))
      ? folder
      : lookupFolder(parent);
  lookupFolderOf.set(folder, found);
  return found;
}

/** @type {Map<string, import('node:module').ResolveFnOutput>} */
const resolvedBare = new Map();

/**
 * A resolve hook for `module.registerHooks`, with two shortcuts past Node.js's own lookup, each giving the address and
 * format Node.js would give (docs/decisions/090):
 * - An installed package's ES module importing its own `./x.js`. Node.js works the format out by copying the nearest
 *   package.json's fields, which parses its `exports` again for every file: drizzle-orm's is 179 KB, and its 854
 *   imports of its own files took half a second of every start.
 * - A bare specifier (`drizzle-orm`, `zod/v4`) is resolved once per lookup folder (above), conditions and import
 *   attributes, not once per importing file: the server's start resolves about 800 of them, 283 distinct, each a walk
 *   of folders and a parse of the package's `exports`.
 * Anything else goes on to Node.js.
 * @type {import('node:module').ResolveHookSync}
 */
export function resolveInstalledModule(specifier, context, nextResolve) {
  const parent = context.parentURL;
  if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
  if (
    parent.includes('/node_modules/') &&
    context.conditions?.includes('import') &&
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    specifier.endsWith('.js')
  ) {
    const url = new URL(specifier, parent);
    return { url: url.href, format: jsFormatIn(dirname(fileURLToPath(url))), shortCircuit: true };
  }
  // A package's name: no path, no URL scheme (`file:`, `data:`, `node:`), no `#` import of the package's own map.
  if (/^[@\w][^:]*$/.test(specifier) && !isBuiltin(specifier)) {
    const key = [
      lookupFolder(dirname(fileURLToPath(parent))),
      specifier,
      context.conditions,
      JSON.stringify(context.importAttributes),
    ].join('\0');
    let resolved = resolvedBare.get(key);
    if (!resolved) resolvedBare.set(key, (resolved = nextResolve(specifier, context)));
    return { ...resolved, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
