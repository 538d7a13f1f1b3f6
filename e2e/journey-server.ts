import { spawn } from 'node:child_process';
import config from '../playwright.config.ts';

/**
 * Starts the journey server as playwright.config.ts's `webServer` would, with its command and environment, and lives
 * as long as it does. `.ci/run` starts it before the PostgreSQL run, so that the server seeds its demo (35–80 s of one
 * core) while those tests wait on the database, and then lets the journeys use it (E2E_SERVER_STARTED=1).
 */
const server = config.webServer;
if (!server || Array.isArray(server)) throw new Error('playwright.config.ts names no single webServer');
// A process group of its own: npm, the shell and the server all end with a signal to this script.
const child = spawn(server.command, { shell: true, stdio: 'inherit', detached: true, env: { ...process.env, ...server.env } });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (child.pid) process.kill(-child.pid, signal);
  });
}
child.on('exit', (code) => process.exit(code ?? 1));
