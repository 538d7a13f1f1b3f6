import type { UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig from './vite.config.ts';

const buildOf = (isSsrBuild: boolean) =>
  (viteConfig as (env: { command: 'build'; mode: string; isSsrBuild: boolean }) => UserConfig)({
    command: 'build',
    mode: 'production',
    isSsrBuild,
  }).build!;

describe('the build’s source maps (docs/decisions/101)', () => {
  it('writes the browser’s maps without naming them in the scripts, so no script points at a map the server withholds', () => {
    expect(buildOf(false).sourcemap).toBe('hidden');
  });

  it('keeps the server render’s maps as they were: Node reads them, no browser does', () => {
    expect(buildOf(true).sourcemap).toBe(true);
  });
});

describe('the server render’s schemas (decision 136)', () => {
  const external = () => buildOf(true).rolldownOptions!.external as RegExp[];

  it('imports the server’s own schemas instead of copies, whose ids would clash in zod’s registry', () => {
    expect(external().some((pattern) => pattern.test('@portal/schema/energy'))).toBe(true);
  });

  it('bundles them into the browser’s scripts, which have no server to share them with', () => {
    expect(buildOf(false).rolldownOptions!.external).toEqual([]);
  });
});
