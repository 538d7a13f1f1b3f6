import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayKeptClicks } from './src/app/kept-clicks.ts';

const template = readFileSync(join(import.meta.dirname, 'index.html'), 'utf8');
const page = new DOMParser().parseFromString(template, 'text/html');

describe('the page every route is served in (index.html)', () => {
  // WCAG 2.1 1.4.4 (Resize text), which the European Accessibility Act requires of these portals: people must be able
  // to zoom. The spec's "no zoom" gives way to the law (docs/decisions/106).
  it('lets people zoom', () => {
    const viewport = page.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '';
    const settings = Object.fromEntries(viewport.split(',').map((part) => part.trim().split('=') as [string, string]));
    expect(settings).toMatchObject({ width: 'device-width', 'initial-scale': '1' });
    expect(settings['user-scalable']).toBeUndefined();
    expect(settings['maximum-scale']).toBeUndefined();
  });
});

describe('clicks on the server-drawn page before the app has it (decision 104)', () => {
  afterEach(() => {
    window.portalKeptClicks?.();
    window.portalKeptClicks = undefined;
    document.body.replaceChildren();
  });

  /** The server-drawn page, and index.html's own script run as the browser runs it, first in the head. */
  function serverDrawnPage() {
    document.body.innerHTML = `<div id="root">
      <button id="pay" type="button">Pay</button>
      <a id="link" href="/invoices"><span>Invoices</span></a>
      <form id="posts" method="post" action="/api/auth/signin/eid"><button id="sign-in">Sign in</button></form>
      <form id="app-form"><input id="q" name="q"><textarea id="note"></textarea><button id="search">Search</button></form>
      <label id="label"><input id="check" type="checkbox"> Remember</label>
    </div><button id="outside">Outside the page</button>`;
    const script = [...page.querySelectorAll('head script:not([src])')].find((element) =>
      element.textContent?.includes('portalKeptClicks'),
    );
    window.eval(script!.textContent);
    const clicked = vi.fn();
    document.addEventListener('click', (event) => clicked((event.target as Element).id));
    return clicked;
  }

  const click = (id: string) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById(id)!.dispatchEvent(event);
    return event;
  };

  it('keeps a button’s click with where it stood, and stops keeping when the app takes the clicks', () => {
    const clicked = serverDrawnPage();
    expect(click('pay').defaultPrevented).toBe(true);
    expect(clicked).not.toHaveBeenCalled();
    const kept = window.portalKeptClicks!();
    expect(kept).toEqual([{ element: document.getElementById('pay'), path: [0], submit: false }]);
    // Keeping stopped: from now on the app has the clicks.
    expect(click('pay').defaultPrevented).toBe(false);
  });

  it('lets links navigate and forms with an address post, as plain HTML does', () => {
    serverDrawnPage();
    expect(click('link').defaultPrevented).toBe(false);
    expect(window.portalKeptClicks!()).toEqual([]);
  });

  it('lets a form with an address post, and keeps one that only the app posts', () => {
    serverDrawnPage();
    const submit = (id: string) => {
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
      document.getElementById(id)!.dispatchEvent(event);
      return event;
    };
    expect(click('sign-in').defaultPrevented).toBe(false);
    expect(submit('posts').defaultPrevented).toBe(false);
    expect(click('search').defaultPrevented).toBe(true);
    // Enter in a field submits without a click.
    expect(submit('app-form').defaultPrevented).toBe(true);
    expect(window.portalKeptClicks!()).toHaveLength(2);
  });

  it('keeps a checkbox’s click, so the box changes only when the app can tell', async () => {
    serverDrawnPage();
    click('label');
    expect((document.getElementById('check') as HTMLInputElement).checked).toBe(false);
    document.querySelectorAll('#root *').forEach((element) => Object.assign(element, { __reactFiber$test: {} }));
    await replayKeptClicks();
    expect((document.getElementById('check') as HTMLInputElement).checked).toBe(true);
  });

  it('leaves alone what is not the drawn page', () => {
    const clicked = serverDrawnPage();
    expect(click('outside').defaultPrevented).toBe(false);
    expect(clicked).toHaveBeenCalledWith('outside');
  });

  it('notes the text last typed into each field, in order with the clicks, and no box or file', () => {
    serverDrawnPage();
    const type = (id: string, value: string) => {
      const field = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;
      field.value = value;
      field.dispatchEvent(new InputEvent('input', { bubbles: true }));
    };
    type('q', 'a');
    type('q', 'ai');
    type('note', 'hello');
    type('check', 'on');
    click('search');
    type('q', 'aino');
    const kept = window.portalKeptClicks!();
    expect(kept.map((entry) => [entry.element.id, entry.path, 'typed' in entry ? entry.typed : 'click'])).toEqual([
      ['q', [3, 0], 'ai'],
      ['note', [3, 1], 'hello'],
      ['search', [3, 2], 'click'],
      ['q', [3, 0], 'aino'],
    ]);
  });
});
