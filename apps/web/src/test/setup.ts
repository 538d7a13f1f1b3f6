import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { DESKTOP, setViewport } from './viewport.ts';
import { consoleMessagesOfThisTest, failOnUnexpectedConsoleOutput, resetConsoleWatch } from './console-watch.ts';

// A clean run prints only results: a test whose code warns or logs an error fails, unless it says it expects it.
beforeEach(() => {
  resetConsoleWatch();
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) =>
      consoleMessagesOfThisTest.push({ level, text: args.map(String).join(' ') }),
    );
  }
});
afterEach(() => {
  cleanup();
  if (typeof window !== 'undefined') setViewport(DESKTOP);
  // Mantine keeps its notifications in a store of the module's own, which files of one worker share.
  notifications.clean();
  vi.restoreAllMocks();
  failOnUnexpectedConsoleOutput();
});

// Most files share their worker's window (isolate: false in the root vitest.config.ts): each starts, as in a new
// tab, on an empty document at '/', with no cookies, no storage and none of the scripts or attributes another file's
// page left.
beforeAll(() => {
  if (typeof window === 'undefined') return;
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  delete window.dataLayer;
});

// A busy two-core CI machine renders a lazy Mantine page in more than the default second; findBy… and waitFor
// wait up to five before they call something missing.
configure({ asyncUtilTimeout: 5000 });

// happy-dom lacks the layout APIs Mantine calls; these answer as a desktop browser would. (The server's render of pages
// is tested without a DOM: entry-server.test.tsx.)
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.HTMLElement.prototype.scrollIntoView = () => {};
  // The router scrolls to the top after each navigation, as a browser page would.
  window.scrollTo = () => {};
}
