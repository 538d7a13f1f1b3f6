import { describe, expect, it } from 'vitest';
import { buildSite } from '../../test/test-site.ts';
import { linkOutTarget } from './link-out-target.ts';

const site = buildSite({
  links: [{ type: 'EXTERNAL_SUPPORT', label: 'x', url: 'https://support.lumo.example/help', localeId: null }],
  contactLinks: [
    { type: 'WEBSITE', label: 'lumo.example', url: 'https://lumo.example/', localeId: null },
    { type: 'PHONE', label: '+358', url: 'tel:+358942501000', localeId: null },
  ],
});

describe('linkOutTarget', () => {
  it('allows any address on an origin the site publishes', () => {
    expect(linkOutTarget('https://support.lumo.example/tickets/new', site)?.host).toBe('support.lumo.example');
    expect(linkOutTarget('https://lumo.example/offers?x=1', site)?.href).toBe('https://lumo.example/offers?x=1');
  });

  it.each([
    'https://evil.example/',
    'https://lumo.example.evil.example/',
    'http://lumo.example/',
    'javascript:alert(1)',
    'tel:+358942501000',
    '/dashboard',
    '',
    undefined,
  ])('refuses %s', (value) => {
    expect(linkOutTarget(value, site)).toBeNull();
  });
});
