import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRun, WARM_UP_SECONDS, type LoadResult } from './load-run.ts';
import { freePort } from '../apps/server/src/test-support/free-port.ts';
import { startServerProcess } from './server-process.ts';

const NGINX = '/usr/sbin/nginx';

/** Why the two-copy run cannot happen on this machine, or null when it can. */
export function balancedCopiesMissing(redisUrl: string | undefined): string | null {
  if (!process.env.BENCH_DATABASE_URL) return 'needs PostgreSQL (BENCH_DATABASE_URL)';
  if (!redisUrl) return 'needs Redis (REDIS_URL or one on 127.0.0.1:6379)';
  if (!existsSync(NGINX)) return 'needs nginx (apt-get install nginx)';
  return null;
}

/** docs/operations.md's proxy in front of two copies: GETs whose copy died go to the other one. */
function nginxConfig(folder: string, port: number, upstreams: number[]): string {
  return `daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  upstream portal {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=10s;`).join('\n')}
    # As docs/operations.md: idle connections kept for as many requests as are in flight at the peak. With 64,
    # nginx opened and closed a connection to a copy for each request past them, and the run's p99 was 146-283 ms.
    keepalive 256;
  }
  server {
    listen 127.0.0.1:${port};
    # nginx closes a client's connection after 1,000 requests; a browser resends a GET the close cut off, autocannon
    # counts it as an error (ECONNRESET, 1 to 14 a run, in the warm-up too, before any copy was killed).
    keepalive_requests 1000000;
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

/**
 * Two server copies on one PostgreSQL and one Redis behind nginx, as docs/operations.md tells operators to run
 * them, under the same load as the single-copy run; one copy is killed (SIGKILL) a third of the way through.
 * Sessions made on one copy must hold on the other, and the balancer must retry what the dead copy dropped.
 */
export async function balancedCopies(
  environment: Record<string, string>,
  cookies: string[],
  seconds = 30,
): Promise<LoadResult & { killedAt: number }> {
  const common = { ...environment, TRUST_PROXY: 'loopback' };
  const first = await startServerProcess(common);
  const second = await startServerProcess(common);
  const folder = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  const port = await freePort();
  writeFileSync(join(folder, 'nginx.conf'), nginxConfig(folder, port, [first.port, second.port]));
  const nginx = spawn(NGINX, ['-c', join(folder, 'nginx.conf'), '-p', folder], { stdio: 'inherit' });
  try {
    const origin = `http://127.0.0.1:${port}`;
    for (
      let tries = 0;
      !(await fetch(`${origin}/health/live`).then(
        (r) => r.ok,
        () => false,
      ));
      tries++
    ) {
      if (tries > 40) throw new Error('nginx did not come up');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const killedAt = seconds / 3;
    const killer = setTimeout(() => void first.stop('SIGKILL'), (WARM_UP_SECONDS + killedAt) * 1000);
    const result = await loadRun({ origin, rssBytes: () => second.rssBytes() }, cookies, { seconds });
    clearTimeout(killer);
    return { ...result, killedAt };
  } finally {
    nginx.kill('SIGTERM');
    await first.stop();
    await second.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
