import { describe, expect, it } from 'vitest';
import { safeCallbackUrl } from './safe-callback.ts';

describe('safeCallbackUrl', () => {
  it('keeps paths on this site, with their query and hash', () => {
    expect(safeCallbackUrl('/dashboard')).toBe('/dashboard');
    expect(safeCallbackUrl('/invoices?year=2024#unpaid')).toBe('/invoices?year=2024#unpaid');
    expect(safeCallbackUrl('/')).toBe('/');
  });

  it.each([
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/dashboard'],
    ['an absolute address', 'https://evil.example'],
    ['an absolute address on http', 'http://evil.example/dashboard'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline that browsers drop', '/\n/evil.example'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path without a leading slash', 'dashboard'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['an empty value', ''],
  ])('refuses %s and falls back to the person’s landing', (_label, value) => {
    expect(safeCallbackUrl(value)).toBe('/landing');
  });

  it('refuses values that are not text', () => {
    expect(safeCallbackUrl(undefined)).toBe('/landing');
    expect(safeCallbackUrl(null)).toBe('/landing');
    expect(safeCallbackUrl(['/dashboard'])).toBe('/landing');
  });
});
