import { describe, expect, it } from 'vitest';
import { parseReadingsCsv } from './readings-csv.ts';

const HEADER = 'metering_point,interval_start,resolution,direction,kwh,status';
const LINE = (hour: string, kwh = '1.000') => `643001100000999996,2026-01-15T${hour}:00:00+02:00,PT60M,consumption,${kwh},measured`;

describe('the readings CSV', () => {
  it('names the line a problem is on, past empty lines and a quoted field that breaks a line', () => {
    const text = [
      '\uFEFF' + HEADER,
      LINE('00'),
      '',
      LINE('01', '1.2345'),
      '"643001100000999996",2026-01-15T02:00:00+02:00,PT60M,"consumption',
      '",1,measured',
      LINE('03', 'x'),
    ].join('\r\n');
    const { readings, problems } = parseReadingsCsv(text);
    // The quoted direction spans two lines; trimmed, it is a direction like any other.
    expect(readings.map((reading) => reading.line)).toEqual([2, 5]);
    expect(problems.map((problem) => `${problem.line}: ${problem.message.split(' ')[0]}`)).toEqual(['4: kwh', '7: kwh']);
  });

  it('answers a quote that never closes with the line it opens on', () => {
    const { problems } = parseReadingsCsv([HEADER, LINE('00'), '"643001100000999996,2026-01-15T01:00:00+02:00'].join('\n'));
    expect(problems).toEqual([{ line: 3, message: expect.stringMatching(/^not valid CSV/) }]);
  });
});
