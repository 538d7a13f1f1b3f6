import { describe, expect, it } from 'vitest';
import { feedbackCsv } from './feedback-csv.ts';

describe('feedback answers as CSV', () => {
  it('quotes what needs quoting and defuses texts a spreadsheet would run as formulas', () => {
    const csv = feedbackCsv(
      [
        { id: 'a', rating: 5, openText: 'Hyvä; "selkeä"\nkiitos', createdAt: '2026-11-21T10:00:00.000Z' },
        { id: 'b', rating: 1, openText: '=HYPERLINK("http://x")', createdAt: '2026-11-21T09:00:00.000Z' },
        { id: 'c', rating: 3, openText: null, createdAt: '2026-11-21T08:00:00.000Z' },
      ],
      { answered: 'Answered', rating: 'Rating', text: 'Comment' },
      (instant) => instant.slice(0, 10),
    );
    expect(csv).toBe(
      'Answered;Rating;Comment\r\n' +
        '2026-11-21;5;"Hyvä; ""selkeä""\nkiitos"\r\n' +
        '2026-11-21;1;"\'=HYPERLINK(""http://x"")"\r\n' +
        '2026-11-21;3;\r\n',
    );
  });
});
