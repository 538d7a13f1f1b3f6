import escapeHtml from 'escape-html';
import sanitizeHtml from 'sanitize-html';

/**
 * The content of an inbox message is transformed once, when it arrives (spec §3), into HTML the web shows as it
 * is. Whatever the source (a reply typed in the portal, later a utility's CRM sending HTML), it passes the kept
 * sanitiser: only paragraphs, line breaks, emphasis, lists and web or mail links survive, links open in a new
 * tab without a referrer, and scripts, styles, event handlers and other schemes are dropped.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitiseInboxHtml(html: string): string {
  return sanitizeHtml(html, POLICY);
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** Plain text (a reply written by customer service) as paragraphs with line breaks and its web addresses as links. */
export function inboxHtmlFromText(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) =>
      escapeHtml(paragraph)
        .replace(URL_PATTERN, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\r?\n/g, '<br />'),
    );
  return sanitiseInboxHtml(paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join(''));
}
