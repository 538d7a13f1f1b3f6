import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderInUseError, LOCK_FILE, lockDataFolder, type DataFolderHolder } from './data-folder-lock.ts';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-lock-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const lockPath = () => join(folder, LOCK_FILE);
const writeLock = (holder: Partial<DataFolderHolder>) =>
  writeFileSync(
    lockPath(),
    JSON.stringify({ role: 'server', startedAt: '2026-05-02T08:15:00.000Z', command: 'src/main.ts', token: 'someone-else', ...holder }),
  );

/** A process that is surely gone: it ran and exited. */
async function pidOfExitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

function refusal(run: () => unknown): DataFolderInUseError {
  try {
    run();
  } catch (error) {
    if (error instanceof DataFolderInUseError) return error;
    throw error;
  }
  throw new Error('the folder was taken');
}

describe('the data folder lock', () => {
  it('records who holds the folder, readable by this user only, and lets go on release', () => {
    const lock = lockDataFolder(folder, { role: 'server', host: '127.0.0.1', port: 3000 });
    const written = JSON.parse(readFileSync(lockPath(), 'utf8')) as DataFolderHolder;
    expect(written).toMatchObject({ pid: process.pid, role: 'server', address: { host: '127.0.0.1', port: 3000 } });
    expect(written.token).toBe(lock.holder.token);
    expect(written.token.length).toBeGreaterThanOrEqual(43);
    expect(statSync(lockPath()).mode & 0o777).toBe(0o600);

    lock.release();
    expect(existsSync(lockPath())).toBe(false);
    lockDataFolder(folder, { role: 'import' }).release();
  });

  it('refuses a second holder and names the first: pid, start, address and what to do', () => {
    const lock = lockDataFolder(folder, { role: 'server', host: '127.0.0.1', port: 3000 });
    try {
      const error = refusal(() => lockDataFolder(folder, { role: 'server', host: '127.0.0.1', port: 3001 }));
      expect(error.holder?.pid).toBe(process.pid);
      expect(error.message).toContain(`is in use by the portal server (pid ${process.pid}, started `);
      expect(error.message).toContain('listening on 127.0.0.1:3000');
      expect(error.message).toContain(`kill ${process.pid}`);
      expect(error.message).toContain('npm run import');
    } finally {
      lock.release();
    }
  });

  it('refuses while another live process holds the folder', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      writeLock({ pid: other.pid!, role: 'import' });
      const error = refusal(() => lockDataFolder(folder, { role: 'server', host: '127.0.0.1', port: 3000 }));
      expect(error.message).toContain(`in use by an import (pid ${other.pid}, started 2026-05-02 08:15:00 UTC)`);
      expect(error.message).toContain('wait for it to finish');
      expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toMatchObject({ pid: other.pid, token: 'someone-else' });
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a process that is gone, and leaves no stray files', async () => {
    writeLock({ pid: await pidOfExitedProcess() });
    const lock = lockDataFolder(folder, { role: 'import' });
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toMatchObject({ pid: process.pid, role: 'import' });
    lock.release();
    expect(await readdir(folder)).toEqual([]);
  });

  it('takes over a lock naming this pid that this process does not hold (a restarted container reuses pids)', () => {
    writeLock({ pid: process.pid });
    const lock = lockDataFolder(folder, { role: 'server', host: '0.0.0.0', port: 3000 });
    expect(lock.holder.token).not.toBe('someone-else');
    lock.release();
  });

  it('takes over a lock file that is not one, and leaves a successor’s lock alone on release', async () => {
    writeFileSync(lockPath(), 'garbage');
    const lock = lockDataFolder(folder, { role: 'import' });
    writeLock({ pid: await pidOfExitedProcess(), token: 'successor' });
    lock.release();
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toMatchObject({ token: 'successor' });
  });
});
