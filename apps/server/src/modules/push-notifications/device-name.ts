/** "Chrome on Android", "Safari on iOS": enough for a person to tell their browsers apart in the history. */
export function deviceName(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Samsung Internet', /SamsungBrowser\//],
      ['Firefox', /Firefox\/|FxiOS\//],
      ['Chrome', /Chrome\/|CriOS\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(agent))?.[0] ?? 'Browser';
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad|iPod/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(agent))?.[0] ?? null;
  return system ? `${browser as string} on ${system as string}` : (browser as string);
}
