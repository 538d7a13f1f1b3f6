// Plain JavaScript on purpose: it runs first, on whatever Node.js the operator has, and must be able to say
// that this Node.js is too old before anything written in TypeScript is loaded (Node.js runs .ts files only
// from 22.18). Run directly (`node node-version.js`), it exits 1 with the message when the version is wrong.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/** The Node.js versions the repository's package.json `engines` field allows. */
export function supportedNodeRange() {
  const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  return /** @type {string} */ (root.engines.node);
}

/**
 * Why this Node.js cannot run the portal, or null when it can.
 * @param {string} version
 * @param {string} range
 * @returns {string | null}
 */
export function unsupportedNodeProblem(version, range) {
  if (semver.satisfies(version, range)) return null;
  return `The portal needs Node.js ${range} (24 recommended, see .nvmrc); this is Node.js ${version}. Install a newer Node.js (for example \`nvm install 24\`) and start again.`;
}

/** Prints the problem and sets exit code 1 when this Node.js is too old; true when it may go on. */
export function checkNodeVersion() {
  const problem = unsupportedNodeProblem(process.versions.node, supportedNodeRange());
  if (!problem) return true;
  console.error(problem);
  process.exitCode = 1;
  return false;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) checkNodeVersion();
