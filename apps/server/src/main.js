// Plain JavaScript on purpose (see node-version.js): the version check runs before any TypeScript loads,
// which Node.js older than the engines range could not even read.
import { checkNodeVersion } from './node-version.js';

if (checkNodeVersion()) await import('./start-server.ts');
