// Plain JavaScript on purpose (see node-version.js): the version check runs before any TypeScript loads,
// which Node.js older than the engines range could not even read.
import nodeModule from 'node:module';
import { checkNodeVersion } from './node-version.js';

if (checkNodeVersion()) {
  // V8's compiled code for the ~2,500 modules the server loads, kept between starts (docs/decisions/084), and the
  // installed packages' own imports resolved without Node.js's slow format lookup, and each package imported by name
  // resolved once per folder it is looked up from, not once per file (docs/decisions/090).
  nodeModule.enableCompileCache();
  const { resolveInstalledModule } = await import('./installed-module-formats.js');
  nodeModule.registerHooks({ resolve: resolveInstalledModule });
  await import('./start-server.ts');
}
