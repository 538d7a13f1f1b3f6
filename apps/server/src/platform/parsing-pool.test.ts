import { afterEach, describe, expect, it } from 'vitest';
import { ECHO_TASK, HOARD_TASK, SPIN_TASK } from '../test-support/parsing-tasks.ts';
import { AppError } from './errors.ts';
import { createParsingPool, type ParsingPool } from './parsing-pool.ts';

/** The parsing threads' own limits (decision 098): a task past them is refused with a code, never left running. */
describe('the parsing pool', () => {
  let pool: ParsingPool;
  afterEach(async () => pool.close());

  it('runs a task on a thread and answers its result', async () => {
    pool = createParsingPool({ threads: 1 });
    expect(await pool.run(ECHO_TASK, { bytes: new Uint8Array([1, 2, 3]) })).toEqual({ bytes: new Uint8Array([1, 2, 3]) });
  });

  it('ends a task past its deadline and refuses it 422 DOCUMENT_TOO_COMPLEX', async () => {
    // The deadline counts from the call, a cold thread's start included (~0.5 s on a busy machine).
    pool = createParsingPool({ threads: 1, deadlineMs: 3000 });
    const refusal = await pool.run(SPIN_TASK, 60_000).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX', kind: 'refused' });
    // The thread was ended, not left spinning: the next task runs at once.
    expect(await pool.run(ECHO_TASK, 'next')).toBe('next');
  });

  it('ends a task past its thread’s heap and refuses it 422 DOCUMENT_TOO_COMPLEX', async () => {
    pool = createParsingPool({ threads: 1, heapMb: 32 });
    const refusal = await pool.run(HOARD_TASK, null).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX' });
    expect((refusal as Error).message).toContain('memory');
  }, 60_000);

  it('refuses 503 PARSING_BUSY with Retry-After past its queue, and everything once closed', async () => {
    pool = createParsingPool({ threads: 1, queue: 1 });
    await pool.run(ECHO_TASK, 'warm');
    const running = [pool.run(SPIN_TASK, 1500), pool.run(SPIN_TASK, 1)];
    const refusal = await pool.run(SPIN_TASK, 1).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'PARSING_BUSY', kind: 'busy', retryAfterSeconds: 5 });
    await Promise.all(running);
    await pool.close();
    expect(await pool.run(ECHO_TASK, 1).catch((error: unknown) => error)).toMatchObject({ code: 'PARSING_BUSY' });
  });
});
