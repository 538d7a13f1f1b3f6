import type { FastifyBaseLogger } from 'fastify';

export type LogLine = { level: string; msg: string } & Record<string, unknown>;

/** A logger that keeps every line (with its bindings) in `lines`, for tests that check what was logged. */
export function recordingLogger(bindings: Record<string, unknown> = {}, lines: LogLine[] = []): FastifyBaseLogger & { lines: LogLine[] } {
  const at = (level: string) => (objectOrMessage: unknown, message?: string) => {
    if (typeof objectOrMessage === 'string') lines.push({ ...bindings, level, msg: objectOrMessage });
    else lines.push({ ...bindings, ...(objectOrMessage as Record<string, unknown>), level, msg: message ?? '' });
  };
  const logger = {
    level: 'trace',
    lines,
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: (more: Record<string, unknown>) => recordingLogger({ ...bindings, ...more }, lines),
  };
  return logger;
}
