import type { ParsingTask } from '../platform/parsing-pool.ts';

/** Tasks that misbehave as hostile input would make a parser misbehave, for the parsing pool's tests. */
const file = new URL(import.meta.url);
export const SPIN_TASK: ParsingTask = { file, name: 'spin' };
export const HOARD_TASK: ParsingTask = { file, name: 'hoard' };
export const ECHO_TASK: ParsingTask = { file, name: 'echo' };

/** Holds its thread for `ms`, as a parser caught in a pathological input does. */
export function spin(ms: number): number {
  const until = Date.now() + ms;
  let turns = 0;
  while (Date.now() < until) turns += 1;
  return turns;
}

/** Keeps allocating heap until the thread's limit ends it, as a parser building a huge tree does. */
export function hoard(): number {
  const kept: string[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, n) => `${n}-${kept.length}`));
}

export function echo(input: unknown): unknown {
  return input;
}
