/** What the code under test wrote to console.error and console.warn in the current test (setup.ts watches). */
export const consoleMessagesOfThisTest: { level: 'error' | 'warn'; text: string; expected?: boolean }[] = [];

export function resetConsoleWatch() {
  consoleMessagesOfThisTest.length = 0;
}

/**
 * Marks the console messages matching `pattern` as expected (a test of the error screen, say): call it after the
 * code wrote them. Returns how many matched, so the test can insist there was one.
 */
export function expectConsoleMessages(pattern: RegExp): number {
  const matching = consoleMessagesOfThisTest.filter((message) => pattern.test(message.text));
  for (const message of matching) message.expected = true;
  return matching.length;
}

/** Throws, listing them, when the current test wrote console messages it did not expect. */
export function failOnUnexpectedConsoleOutput() {
  const unexpected = consoleMessagesOfThisTest.filter((message) => !message.expected);
  if (unexpected.length === 0) return;
  throw new Error(
    `Unexpected console output:\n${unexpected.map(({ level, text }) => `console.${level}: ${text.slice(0, 500)}`).join('\n')}`,
  );
}
