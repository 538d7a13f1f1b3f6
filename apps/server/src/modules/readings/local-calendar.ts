/** Calendar days (`YYYY-MM-DD`) as the site's clock shows them; instants stay in UTC (rule 4). */

export function localDate(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function localHour(at: Date, timezone: string): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', hourCycle: 'h23' }).format(at));
}

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const format = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The same calendar day N years earlier (negative) or later; 29 February becomes the 28th in common years. */
export function shiftYears(date: string, years: number): string {
  const [year, month, day] = parts(date);
  const target = year + years;
  return format(target, month, Math.min(day, daysInMonth(target, month)));
}

export function monthOf(date: string): { from: string; to: string } {
  const [year, month] = parts(date);
  return { from: format(year, month, 1), to: format(year, month, daysInMonth(year, month)) };
}

export function yearOf(date: string): { from: string; to: string } {
  const [year] = parts(date);
  return { from: format(year, 1, 1), to: format(year, 12, 31) };
}
