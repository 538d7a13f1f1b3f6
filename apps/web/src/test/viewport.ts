import type { DetachedWindowAPI } from 'happy-dom';

/** happy-dom's own default size, a desktop browser's: what every test starts with. */
export const DESKTOP = { width: 1024, height: 768 };
/** The phone the journeys and the bench use (issue 27). */
export const PHONE = { width: 390, height: 844 };

/**
 * Sizes the window: happy-dom applies a page's media queries (Mantine's `hiddenFrom` and `visibleFrom` styles) to it, so
 * a test of what a phone shows sets a phone's size. The setup puts the desktop size back after each test, as the files
 * of a worker share its window.
 */
export function setViewport(size: { width: number; height: number }): void {
  // The global window of happy-dom, the web tests' DOM, is its own Window type, with this API beside the standard ones.
  (window as unknown as { happyDOM: DetachedWindowAPI }).happyDOM.setViewport(size);
}
