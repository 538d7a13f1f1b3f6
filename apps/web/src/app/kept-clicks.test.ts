import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayKeptClicks } from './kept-clicks.ts';

describe('kept clicks replayed once the app has the page (decision 104)', () => {
  afterEach(() => document.body.replaceChildren());

  it('replays each on its element once React has taken that part over, in order, and stops the keeping', async () => {
    const first = document.body.appendChild(document.createElement('button'));
    const second = document.body.appendChild(document.createElement('button'));
    const replayed: string[] = [];
    const stopKeeping = vi.fn(() => [
      { element: first, replay: () => replayed.push('first') },
      { element: second, replay: () => replayed.push('second') },
    ]);
    window.portalKeptClicks = stopKeeping;
    const done = replayKeptClicks();
    expect(stopKeeping).toHaveBeenCalled();
    expect(window.portalKeptClicks).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Neither part is React's yet: nothing is replayed, and the second waits for the first.
    expect(replayed).toEqual([]);
    Object.assign(second, { __reactFiber$test: {} });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(replayed).toEqual([]);
    Object.assign(first, { __reactFiber$test: {} });
    await done;
    expect(replayed).toEqual(['first', 'second']);
  });

  it('drops a click whose element the take-over replaced', async () => {
    const gone = document.createElement('button');
    const replay = vi.fn();
    window.portalKeptClicks = () => [{ element: gone, replay }];
    await replayKeptClicks();
    expect(replay).not.toHaveBeenCalled();
  });
});
