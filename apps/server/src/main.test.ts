import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { supportedNodeRange, unsupportedNodeProblem } from './node-version.js';

const main = fileURLToPath(new URL('./main.js', import.meta.url));

/** Debian's own Node.js, when the machine has one older than the engines range (this machine ships 20). */
const systemNode = ['/usr/bin/node'].find(
  (path) =>
    existsSync(path) &&
    unsupportedNodeProblem(execFileSync(path, ['--version'], { encoding: 'utf8' }).trim().slice(1), supportedNodeRange()),
);

/** The server as `npm start` starts it, with `environment` as the whole environment besides PATH. */
async function start(environment: Record<string, string>, nodeOptions: string[] = [], node = process.execPath) {
  try {
    const { stdout, stderr } = await promisify(execFile)(node, [...nodeOptions, main], {
      env: { PATH: process.env.PATH ?? '', ...environment },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('starting the server', () => {
  it('stops on a bad environment with one plain message naming every bad variable', async () => {
    const run = await start({ DATABASE_URL: 'postgres://127.0.0.1:1/portal', PORT: 'eighty', TRUST_PROXY: 'true' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'The portal cannot start: fix these environment variables (see Configuration in README.md).',
      '  PORT: must be a port number from 0 to 65535',
      '  AUTH_SECRET: required outside demo mode (32 or more random characters, the same on every server copy)',
      expect.stringMatching(/^ {2}TRUST_PROXY: "true" would believe X-Forwarded-For from anyone/),
    ]);
  }, 30_000);

  it('stops on a Node.js older than the engines range, naming the version it needs', async () => {
    // Node.js 20 as far as the portal can tell: the check reads process.versions.
    const asNode20 = `data:text/javascript,Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.19.0' } })`;
    const run = await start({ PORT: 'eighty' }, ['--import', asNode20]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'The portal needs Node.js >=22.18 (24 recommended, see .nvmrc); this is Node.js 20.19.0. Install a newer Node.js (for example `nvm install 24`) and start again.',
    );
  }, 30_000);

  it.skipIf(!systemNode)(
    'says the same on a real old Node.js, which cannot even read TypeScript',
    async () => {
      const run = await start({}, [], systemNode);
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toMatch(
        /^The portal needs Node\.js >=22\.18 .*; this is Node\.js \d+\.\d+\.\d+\. Install a newer Node\.js/,
      );
    },
    30_000,
  );
});

/**
 * Libraries a copy needs only for some requests, loaded at their first use (decision 121): certificates and signed
 * containers (node-forge, yauzl), country names, PDF drawing, the demo e-ID service, the embedded broker and Redis.
 * Their memory stays out of every copy that never uses them, and a static import would bring it back unseen.
 */
const loadedOnlyWhenUsed = ['node-forge', 'yauzl', 'i18n-iso-countries', 'pdfkit', 'oidc-provider', 'aedes', 'ioredis'];

/** Names, when the process exits, the installed packages it loaded. */
const recordPackages = new URL('./test-support/record-packages.js', import.meta.url).href;

describe('what a start loads', () => {
  it('leaves the libraries of first use out of the modules every start imports', async () => {
    // A bad port stops the start after its imports and before anything listens: what is loaded is the static graph.
    const run = await start({ PORT: 'eighty' }, ['--import', recordPackages]);
    const line = run.stderr.split('\n').find((text) => text.startsWith('packages loaded: '));
    const loaded = line!.slice('packages loaded: '.length).split(' ');
    // The record works: the start's own libraries are in it.
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', 'zod']));
    expect(loadedOnlyWhenUsed.filter((name) => loaded.includes(name))).toEqual([]);
  }, 60_000);
});

describe('the Node.js version check', () => {
  it('reads the range of the repository’s engines field', () => {
    // 22.18 is the first Node.js 22 that runs TypeScript files without a flag, as the server is run.
    expect(supportedNodeRange()).toBe('>=22.18');
  });

  it('accepts 22.18 and later, and refuses anything older', () => {
    expect(unsupportedNodeProblem('22.18.0', '>=22.18')).toBeNull();
    expect(unsupportedNodeProblem('24.21.0', '>=22.18')).toBeNull();
    expect(unsupportedNodeProblem('22.17.1', '>=22.18')).toContain('needs Node.js >=22.18');
    expect(unsupportedNodeProblem('20.20.2', '>=22.18')).toContain('this is Node.js 20.20.2');
  });
});
