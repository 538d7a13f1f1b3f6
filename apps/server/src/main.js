// Plain JavaScript on purpose (see node-version.js): the version check runs before any TypeScript loads,
// which Node.js older than the engines range could not even read.
import nodeModule from 'node:module';
import { checkNodeVersion } from './node-version.js';

if (checkNodeVersion()) {
  // V8's compiled code for the ~2,500 modules the server loads, kept between starts (docs/decisions/084).
  nodeModule.enableCompileCache();
  await import('./start-server.ts');
}
