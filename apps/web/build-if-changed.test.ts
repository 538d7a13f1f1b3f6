import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP, buildIfChanged, runSteps, sourceFingerprint } from './build-if-changed.ts';

describe('building the web app only when its sources changed', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  function project() {
    const root = mkdtempSync(join(tmpdir(), 'build-if-changed-'));
    roots.push(root);
    mkdirSync(join(root, 'web', 'src'), { recursive: true });
    writeFileSync(join(root, 'web', 'src', 'main.tsx'), 'export const version = 1;\n');
    const distDir = join(root, 'web', 'dist');
    let builds = 0;
    const build = (outDir: string) => {
      builds++;
      mkdirSync(join(outDir, 'assets'), { recursive: true });
      writeFileSync(
        join(outDir, 'index.html'),
        `<script src="/assets/main.js"></script><!-- ${readFileSync(join(root, 'web', 'src', 'main.tsx'), 'utf8')} -->`,
      );
      writeFileSync(join(outDir, 'assets', 'main.js'), 'console.log(1);\n');
    };
    const run = (builder = build) => buildIfChanged({ distDir, fingerprint: sourceFingerprint(root, ['web']), build: builder });
    return { root, distDir, run, builds: () => builds };
  }

  it('builds when there is no build, then not again until a source changes', () => {
    const app = project();
    expect(app.run()).toBe(true);
    expect(readFileSync(join(app.distDir, 'index.html'), 'utf8')).toContain('version = 1');
    expect(existsSync(join(app.distDir, BUILD_STAMP))).toBe(true);
    expect(app.run()).toBe(false);
    expect(app.builds()).toBe(1);

    writeFileSync(join(app.root, 'web', 'src', 'main.tsx'), 'export const version = 2;\n');
    expect(app.run()).toBe(true);
    expect(readFileSync(join(app.distDir, 'index.html'), 'utf8')).toContain('version = 2');
    expect(app.builds()).toBe(2);
    // Nothing of the build's temporary folders is left beside it.
    expect(readdirSync(join(app.root, 'web')).sort()).toEqual(['dist', 'src']);
  });

  it('ignores the route tree the build generates and the build itself', () => {
    const app = project();
    app.run();
    writeFileSync(join(app.root, 'web', 'src', 'route-tree.gen.ts'), '// generated\n');
    expect(app.run()).toBe(false);
  });

  it('keeps the old build serving when a new build fails', () => {
    const app = project();
    app.run();
    writeFileSync(join(app.root, 'web', 'src', 'main.tsx'), 'export const version = 3;\n');
    expect(() =>
      app.run((outDir) => {
        mkdirSync(outDir);
        writeFileSync(join(outDir, 'index.html'), 'half');
        throw new Error('vite build failed');
      }),
    ).toThrow('vite build failed');
    expect(readFileSync(join(app.distDir, 'index.html'), 'utf8')).toContain('version = 1');
    expect(readdirSync(join(app.root, 'web')).sort()).toEqual(['dist', 'src']);
  });

  it('lets a second start that builds at the same time finish without breaking either build', () => {
    const app = project();
    writeFileSync(join(app.root, 'web', 'src', 'main.tsx'), 'export const version = 4;\n');
    // The second start runs its whole build while the first is half-way through its own.
    let second = false;
    expect(
      app.run((outDir) => {
        mkdirSync(join(outDir, 'assets'), { recursive: true });
        writeFileSync(join(outDir, 'index.html'), 'first <!-- version = 4 -->');
        second = app.run();
        writeFileSync(join(outDir, 'assets', 'main.js'), 'console.log(1);\n');
      }),
    ).toBe(true);
    expect(second).toBe(true);
    expect(readFileSync(join(app.distDir, 'index.html'), 'utf8')).toContain('version = 4');
    expect(existsSync(join(app.distDir, 'assets', 'main.js'))).toBe(true);
    expect(readdirSync(join(app.root, 'web')).sort()).toEqual(['dist', 'src']);
    expect(app.run()).toBe(false);
  });
});

describe('what a build prints', () => {
  // A stand-in for Vite: hundreds of lines of asset list and warnings, then its exit code.
  const noisy = (exitCode: number) => ({
    command: process.execPath,
    // exitCode, not exit(): a piped stdout is written asynchronously, and exit() would drop what is still queued.
    args: ['-e', `for (let i = 0; i < 560; i++) console.log('dist/assets/font-' + i + '.woff2  12.3 kB'); process.exitCode = ${exitCode}`],
    cwd: tmpdir(),
  });

  it('prints a line as each step starts and ends, with its time, and none of the tool’s output', () => {
    const lines: string[] = [];
    let now = 0;
    runSteps(
      [
        { name: 'browser build', ...noisy(0) },
        { name: 'server render build', ...noisy(0) },
      ],
      (line) => lines.push(line),
      () => (now += 4_000),
    );
    expect(lines).toEqual([
      'web app: 1/2 browser build…',
      'web app: 1/2 browser build done in 4 s',
      'web app: 2/2 server render build…',
      'web app: 2/2 server render build done in 4 s',
    ]);
  });

  it('prints everything a failing step said, then stops', () => {
    const lines: string[] = [];
    expect(() => runSteps([{ name: 'browser build', ...noisy(3) }], (line) => lines.push(line))).toThrow(
      'web app: browser build failed with exit code 3',
    );
    expect(lines.join('\n')).toContain('dist/assets/font-559.woff2');
  });
});
