import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { AppError } from './errors.ts';
import { INPUT_LIMITS, overLimit } from './input-limits.ts';

/** A function some module exports for a parsing thread to run: its file and its export's name. */
export type ParsingTask = { file: URL; name: string };

export type ParsingPool = {
  /**
   * Runs the task on a parsing thread with `input` (structured-cloned; `transfer` moves buffers instead of copying).
   * Refuses with 503 PARSING_BUSY when the queue is full, 422 DOCUMENT_TOO_COMPLEX when the task outruns its time
   * or its thread's heap; any other failure of the task is the caller's bug and rejects as it is.
   */
  run<Output>(task: ParsingTask, input: unknown, transfer?: ArrayBuffer[]): Promise<Output>;
  /** Ends the threads; tasks still queued are refused. Called when the app closes. */
  close(): Promise<void>;
};

/** How long a refused caller should wait: a queue of checks of a few hundred milliseconds each drains in seconds. */
const RETRY_AFTER_SECONDS = 5;
/** How much lower a parsing thread's CPU priority is than the event loop's (Linux nice, 0–19). */
const PARSING_NICENESS = 10;
/** A thread idle this long ends, so a copy that parses now and then holds no thread most of the time. */
const IDLE_THREAD_MS = 30_000;

/**
 * The parsing threads of a server copy (issue 25, docs/decisions/098): heavy parsing of untrusted bytes (an
 * uploaded container's inflating and signature checks, an imported XML document) runs here, never on the event
 * loop, with a bounded number of threads, a bounded queue, a heap limit per thread and a deadline per task. The
 * threads start with the first task (Node.js loads the task's TypeScript itself, as `node src/main.js` does).
 */
export function createParsingPool({
  threads = Math.min(2, availableParallelism()),
  queue = INPUT_LIMITS.parsingQueue.limit,
  deadlineMs = INPUT_LIMITS.documentCheckMs.limit,
  heapMb = INPUT_LIMITS.parsingWorkerHeapMb.limit,
}: { threads?: number; queue?: number; deadlineMs?: number; heapMb?: number } = {}): ParsingPool {
  let pool: Piscina | undefined;
  let closed = false;
  // Counted here: piscina does not hold its maxQueue for tasks that carry an abort signal (5.3), and every task does.
  let inFlight = 0;

  return {
    async run<Output>(task: ParsingTask, input: unknown, transfer: ArrayBuffer[] = []) {
      if (closed) throw new AppError('PARSING_BUSY', 'This server is stopping', { retryAfterSeconds: RETRY_AFTER_SECONDS });
      if (inFlight >= threads + queue) {
        throw new AppError('PARSING_BUSY', 'Too many documents are being checked right now; try again shortly', {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
      }
      pool ??= new Piscina({
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: IDLE_THREAD_MS,
        concurrentTasksPerWorker: 1,
        // Below the event loop's thread on Linux (per-thread nice, @napi-rs/nice): on a busy machine the scheduler
        // gives a core to the requests first, and a parsing thread takes what is left.
        niceIncrement: PARSING_NICENESS,
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      });
      inFlight += 1;
      try {
        return (await pool.run(input, {
          filename: task.file.href,
          name: task.name,
          transferList: transfer,
          signal: AbortSignal.timeout(deadlineMs),
        })) as Output;
      } catch (error) {
        throw refusalOf(error as Error & { code?: string }) ?? error;
      } finally {
        inFlight -= 1;
      }
    },
    async close() {
      closed = true;
      await pool?.destroy();
    },
  };
}

/** The thread's failures that the input caused, as the answer a client gets. */
function refusalOf(error: Error & { code?: string }): AppError | null {
  if (error.name === 'AbortError') return overLimit('documentCheckMs', 'The document takes too long to check');
  if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return overLimit('parsingWorkerHeapMb', 'The document needs too much memory to check');
  return null;
}
