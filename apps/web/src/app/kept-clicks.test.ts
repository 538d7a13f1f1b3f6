import { act } from '@testing-library/react';
import { type ChangeEvent, createElement, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayKeptClicks } from './kept-clicks.ts';

/** Marks an element as React marks those it has taken over. */
const takenOver = (element: Element) => Object.assign(element, { __reactFiber$test: {} });

describe('kept clicks replayed once the app has the page (decision 104)', () => {
  afterEach(() => document.body.replaceChildren());

  function page() {
    document.body.innerHTML = '<div id="root"><main><button id="first">One</button><button id="second">Two</button></main></div>';
    const clicked: string[] = [];
    document.addEventListener('click', (event) => clicked.push((event.target as Element).id));
    const [first, second] = [document.getElementById('first')!, document.getElementById('second')!];
    return { first, second, clicked };
  }

  it('replays each on its element once React has taken that part over, in order, and stops the keeping', async () => {
    const { first, second, clicked } = page();
    const stopKeeping = vi.fn(() => [
      { element: first, path: [0, 0], submit: false },
      { element: second, path: [0, 1], submit: false },
    ]);
    window.portalKeptClicks = stopKeeping;
    const done = replayKeptClicks();
    expect(stopKeeping).toHaveBeenCalled();
    expect(window.portalKeptClicks).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Neither part is React's yet: nothing is replayed, and the second waits for the first.
    expect(clicked).toEqual([]);
    takenOver(second);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(clicked).toEqual([]);
    takenOver(first);
    await done;
    expect(clicked).toEqual(['first', 'second']);
  });

  it('finds the control where it stood when React drew that part anew, and drops one that is gone', async () => {
    const { first, clicked } = page();
    const drawnAnew = first.cloneNode(true) as Element;
    drawnAnew.id = 'first-anew';
    first.replaceWith(takenOver(drawnAnew));
    const gone = document.createElement('button');
    window.portalKeptClicks = () => [
      { element: first, path: [0, 0], submit: false },
      { element: gone, path: [0, 5], submit: false },
    ];
    await replayKeptClicks();
    expect(clicked).toEqual(['first-anew']);
  });

  it('submits a kept form again, as the app posts it', async () => {
    document.body.innerHTML = '<div id="root"><form><input name="q"></form></div>';
    const form = takenOver(document.querySelector('form')!);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    window.portalKeptClicks = () => [{ element: form, path: [0], submit: true }];
    await replayKeptClicks();
    expect(submitted).toHaveBeenCalled();
  });

  it('types text kept from before the take-over again into its field, so the form holds it and its next render keeps it', async () => {
    function Form() {
      const [message, setMessage] = useState('');
      const [, setRenders] = useState(0);
      return createElement(
        'form',
        null,
        createElement('textarea', {
          'aria-label': 'Message',
          value: message,
          onChange: (event: ChangeEvent<HTMLTextAreaElement>) => setMessage(event.target.value),
        }),
        createElement('output', null, message),
        createElement('button', { type: 'button', onClick: () => setRenders((count) => count + 1) }, 'Render'),
      );
    }
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = renderToString(createElement(Form));
    document.body.append(root);
    const field = root.querySelector('textarea')!;
    // What the person typed while the page was the server's alone.
    field.value = 'My meter shows 41 250 kWh';
    window.portalKeptClicks = () => [{ element: field, path: [0, 0], typed: field.value }];
    const app = await act(async () => hydrateRoot(root, createElement(Form)));
    await act(() => replayKeptClicks());
    expect(root.querySelector('output')).toHaveTextContent('My meter shows 41 250 kWh');
    await act(async () => root.querySelector('button')!.click());
    expect(field).toHaveValue('My meter shows 41 250 kWh');
    act(() => app.unmount());
  });
});
