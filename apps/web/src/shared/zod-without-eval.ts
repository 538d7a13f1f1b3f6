import { config } from 'zod/v4/core';

/**
 * zod as the browser build imports it (`vite.config.ts` aliases `zod` here): without its eval-compiled fast path. The
 * portal's content security policy forbids eval (decision 006), and zod's probe for it (`new Function('')`, caught)
 * is still reported as a violation on every page that parses (Lighthouse's Best Practices, issue 27). The server keeps
 * the fast path: it imports zod itself, with no policy to meet.
 */
config({ jitless: true });

export * from 'zod/v4';
export { z as default } from 'zod/v4';
