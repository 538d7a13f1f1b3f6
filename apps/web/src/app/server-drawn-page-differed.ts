/**
 * The client-log message for a part of the server's page that React found different and drew anew: the error, cut to
 * 300 characters, and the innermost components where it differed, innermost first (" at label < div < Radio < …",
 * twelve at most). Production's React error says only "HTML" or "text"; the components say where.
 */
export function serverDrawnPageDiffered(error: unknown, componentStack: string | undefined): string {
  const components = (componentStack ?? '').split('\n').flatMap((line) => line.trim().match(/^at (\S+)/)?.[1] ?? []);
  const where = components.length === 0 ? '' : ` at ${components.slice(0, 12).join(' < ')}`;
  return `Server-drawn page differed: ${String(error).slice(0, 300)}${where}`;
}
