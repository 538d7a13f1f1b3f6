import { describe, expect, it } from 'vitest';
import { expectConsoleMessages, failOnUnexpectedConsoleOutput } from './console-watch.ts';

describe('the console watch of every web test', () => {
  it('fails a test whose code warned, naming the warning, until the test says it expected it', () => {
    console.warn('Mantine: something is off');
    expect(() => failOnUnexpectedConsoleOutput()).toThrow(/console\.warn: Mantine: something is off/);
    expect(expectConsoleMessages(/something is off/)).toBe(1);
    expect(() => failOnUnexpectedConsoleOutput()).not.toThrow();
  });
});
