// Given to `node --import` by main.test.ts: names, when the process exits, every installed package whose modules it
// loaded (one line on stderr, `packages loaded: a b c`). Plain JavaScript, as it runs before the server's own hooks.
import { writeSync } from 'node:fs';
import { registerHooks } from 'node:module';

const packages = new Set();
registerHooks({
  load(url, context, nextLoad) {
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (name) packages.add(name[1]);
    return nextLoad(url, context);
  },
});
process.on('exit', () => writeSync(2, `packages loaded: ${[...packages].sort().join(' ')}\n`));
