/** Thrown by a handler that knows retrying cannot help (the customer is gone, the number is invalid): dead-letters at once. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** This worker no longer holds the job: its lease expired and another worker took it, or it was released. */
export class JobLeaseLostError extends Error {
  override readonly name = 'JobLeaseLostError';
  constructor() {
    super('The job was taken over by another worker; this run stops without writing');
  }
}

/** The reason a handler's signal aborts when it runs past its job type's time limit. */
export class JobTimeoutError extends Error {
  override readonly name = 'JobTimeoutError';
  constructor(timeoutMs: number) {
    super(`The job ran longer than its ${timeoutMs} ms limit`);
  }
}

/** The reason a handler's signal aborts when its server copy stops and the grace period is over. */
export class JobShutdownError extends Error {
  override readonly name = 'JobShutdownError';
  constructor() {
    super('The server copy is stopping; the job goes back to the queue');
  }
}
