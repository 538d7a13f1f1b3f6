import { describe, expect, it } from 'vitest';
import { serverDrawnPageDiffered } from './server-drawn-page-differed.ts';

describe('serverDrawnPageDiffered', () => {
  const error = new Error('Minified React error #418; visit https://react.dev/errors/418?args[]=HTML');

  it('says where in the page, innermost component first, from a production component stack', () => {
    const stack = '\n    at label (<anonymous>)\n    at div (<anonymous>)\n    at Kn (http://lumo.localhost/assets/index-x.js:1:2)\n';
    expect(serverDrawnPageDiffered(error, stack)).toBe(
      'Server-drawn page differed: Error: Minified React error #418; visit https://react.dev/errors/418?args[]=HTML at label < div < Kn',
    );
  });

  it('keeps twelve components and the error without a stack', () => {
    const stack = Array.from({ length: 20 }, (_, index) => `    at c${index} (x.js:1:1)`).join('\n');
    expect(serverDrawnPageDiffered(error, stack)).toMatch(/ at c0 < c1 < .* < c11$/);
    expect(serverDrawnPageDiffered('x'.repeat(400), undefined)).toBe(`Server-drawn page differed: ${'x'.repeat(300)}`);
  });
});
