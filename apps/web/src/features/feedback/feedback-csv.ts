import type { FeedbackSubmission } from '@portal/schema/feedback';

/**
 * One field: RFC 4180 quoting for the delimiter, quotes and line breaks; a text a spreadsheet would run as a
 * formula (= + - @ or a tab first) gets a leading apostrophe, as customers write these texts, not the admin.
 */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The answers as CSV: semicolons (what spreadsheets in the three countries expect), CRLF line ends. */
export function feedbackCsv(
  submissions: FeedbackSubmission[],
  headers: { answered: string; rating: string; text: string },
  when: (instant: string) => string,
): string {
  const lines = [[headers.answered, headers.rating, headers.text].map(field).join(';')];
  for (const answer of submissions) lines.push([when(answer.createdAt), answer.rating, answer.openText ?? ''].map(field).join(';'));
  return `${lines.join('\r\n')}\r\n`;
}

/** Starts a download of the CSV as UTF-8 with a byte-order mark, so spreadsheets read ä, õ and ļ right. */
export function downloadCsv(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
