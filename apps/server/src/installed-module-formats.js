// Plain JavaScript, as main.js: registered before the first TypeScript module loads (docs/decisions/090).
import { readFileSync } from 'node:fs';
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

/**
 * A resolve hook for `module.registerHooks`: an installed package's ES module importing its own `./x.js` resolves
 * here, to the same address and format Node.js would give, without Node.js's own lookup. That lookup works the format
 * out by copying the nearest package.json's fields, which parses its `exports` again for every file: drizzle-orm's
 * is 179 KB, and its 854 imports of its own files took half a second of every start. Anything else goes on to Node.js.
 * @type {import('node:module').ResolveHookSync}
 */
export function resolveInstalledModule(specifier, context, nextResolve) {
  const parent = context.parentURL;
  if (
    parent?.startsWith('file:') &&
    parent.includes('/node_modules/') &&
    context.conditions?.includes('import') &&
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    specifier.endsWith('.js')
  ) {
    const url = new URL(specifier, parent);
    return { url: url.href, format: jsFormatIn(dirname(fileURLToPath(url))), shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
