import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/src/test-support/free-port.ts';

const main = fileURLToPath(new URL('../apps/server/src/main.js', import.meta.url));

/**
 * The Node.js options of the server's own start script (apps/server/package.json, `node <options> src/main.js`), so
 * the bench measures a copy started as `npm start` starts it: V8's young generation capped (decision 121).
 */
function startScriptOptions(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...words] = manifest.scripts.start.split(/\s+/);
  if (node !== 'node' || words.at(-1) !== 'src/main.js') throw new Error(`unexpected start script: ${manifest.scripts.start}`);
  return words.slice(0, -1);
}

export type ServerProcess = {
  origin: string;
  /** Its health port (HEALTH_PORT), answered by a thread of its own, where docs/operations.md points probes. */
  healthOrigin: string;
  port: number;
  pid: number;
  /** Milliseconds from spawning the process to its first ready answer. */
  readyAfterMs: number;
  rssBytes: () => number;
  /** Its resident memory at its first ready answer. */
  readyRssBytes: number;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * The portal as operators run it (`node apps/server/src/main.js`, production mode) in a process of its own on the
 * given database, listening on loopback; resolves once it is ready. Its resident memory is read from /proc.
 */
export async function startServerProcess(environment: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const healthPort = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...startScriptOptions(), main], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      HEALTH_PORT: String(healthPort),
      DEMO_MODE: 'true',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...environment,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server process exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(`${origin}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server process was not ready within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyAfterMs = performance.now() - spawnedAt;
  const rssBytes = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  return {
    origin,
    healthOrigin: `http://127.0.0.1:${healthPort}`,
    port,
    pid: child.pid!,
    readyAfterMs,
    rssBytes,
    readyRssBytes: rssBytes(),
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}
