import { describe, expect, it } from 'vitest';
import { inboxHtmlFromText, sanitiseInboxHtml } from './inbox-content.ts';

describe('inbox content', () => {
  it('keeps paragraphs, emphasis and web links, and drops everything that could run', () => {
    const html = sanitiseInboxHtml(
      '<p onclick="steal()">Hi <strong>there</strong><script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">x</a><a href="//evil.example">y</a><a href="https://ok.example">z</a>' +
        '<img src=x onerror=alert(2)><iframe src="https://evil.example"></iframe><style>*{}</style>' +
        '<svg><script>alert(3)</script></svg>',
    );
    expect(html).toBe(
      '<p>Hi <strong>there</strong></p>' +
        '<a target="_blank" rel="noopener noreferrer">x</a><a target="_blank" rel="noopener noreferrer">y</a>' +
        '<a href="https://ok.example" target="_blank" rel="noopener noreferrer">z</a>',
    );
  });

  it('turns plain text into escaped paragraphs with line breaks and links', () => {
    expect(inboxHtmlFromText('Hello <b>you</b>\nline two\n\nhttps://a.example/x?y=1.')).toBe(
      '<p>Hello &lt;b&gt;you&lt;/b&gt;<br />line two</p><p><a href="https://a.example/x?y=1" target="_blank" rel="noopener noreferrer">https://a.example/x?y=1</a>.</p>',
    );
  });
});
