import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Who may hold an embedded database's folder, and what a refused process is told about them. */
export type DataFolderUse = { role: 'server'; host: string; port: number } | { role: 'import' } | { role: 'process' };

export type DataFolderHolder = {
  pid: number;
  role: DataFolderUse['role'];
  startedAt: string;
  command: string;
  /** Where a server listens, so `npm run import` can send it the file instead (docs/decisions/014). */
  address?: { host: string; port: number };
  /**
   * Random per holder: tells this holder's file from a successor's, and is the secret a server accepts imports
   * with. The file is readable by the same OS user only, the user who may open the folder anyway.
   */
  token: string;
};

export type DataFolderLock = { holder: DataFolderHolder; release: () => void };

export const LOCK_FILE = 'portal.lock';

export class DataFolderInUseError extends Error {
  readonly folder: string;
  readonly holder: DataFolderHolder | null;

  constructor(folder: string, holder: DataFolderHolder | null) {
    super(
      holder
        ? `The data folder ${folder} is in use by ${describeHolder(holder)}. PGlite allows one process per folder: ${adviceFor(holder)}`
        : `The data folder ${folder} is locked by a process this user cannot inspect (${join(folder, LOCK_FILE)} is unreadable).`,
    );
    this.name = 'DataFolderInUseError';
    this.folder = folder;
    this.holder = holder;
  }
}

export function describeHolder(holder: DataFolderHolder): string {
  const started = `started ${holder.startedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`;
  if (holder.role === 'server') {
    const where = holder.address ? `, listening on ${holder.address.host}:${holder.address.port}` : '';
    return `the portal server (pid ${holder.pid}, ${started}${where})`;
  }
  if (holder.role === 'import') return `an import (pid ${holder.pid}, ${started})`;
  return `another process (pid ${holder.pid}, ${started}: ${holder.command})`;
}

function adviceFor(holder: DataFolderHolder): string {
  if (holder.role === 'import') return 'wait for it to finish, then try again.';
  const stop = `stop it first (Ctrl+C in its terminal, or kill ${holder.pid}), or give this process another DATA_DIR`;
  if (holder.role === 'server') return `${stop}. To import while it runs, use npm run import: it sends the file to the running server.`;
  return `${stop}.`;
}

/** Folders this process holds, so a lock file naming our own pid is told apart from a predecessor's (a container restart reuses pids). */
const heldHere = new Set<string>();

/**
 * Takes `folder` for this process, or throws DataFolderInUseError naming the live holder. The lock file is
 * written whole under a temporary name and hard-linked into place, which fails if the name exists: no one
 * ever reads half a lock. A lock whose process is gone is taken over; it is released on close and at exit.
 */
export function lockDataFolder(folder: string, use: DataFolderUse): DataFolderLock {
  const path = join(folder, LOCK_FILE);
  const holder: DataFolderHolder = {
    pid: process.pid,
    role: use.role,
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
    ...(use.role === 'server' ? { address: { host: use.host, port: use.port } } : {}),
    token: randomBytes(32).toString('base64url'),
  };
  const draft = `${path}.${process.pid}.${holder.token.slice(0, 8)}.tmp`;
  writeFileSync(draft, JSON.stringify(holder, null, 2), { mode: 0o600 });
  try {
    takeOrThrow(folder, path, draft);
  } finally {
    unlinkSync(draft);
  }
  heldHere.add(path);
  const release = () => {
    process.removeListener('exit', release);
    heldHere.delete(path);
    if (readHolder(path)?.token === holder.token) unlinkSync(path);
  };
  process.once('exit', release);
  return { holder, release };
}

function takeOrThrow(folder: string, path: string, draft: string): void {
  // Three rounds: a stale lock is moved aside in one and the folder taken in the next.
  for (let round = 0; round < 3; round += 1) {
    try {
      linkSync(draft, path);
      return;
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw error;
    }
    let current: DataFolderHolder | null | undefined;
    try {
      current = readHolder(path);
    } catch (error) {
      if (isCode(error, 'EACCES') || isCode(error, 'EPERM')) throw new DataFolderInUseError(folder, null);
      throw error;
    }
    if (current === undefined) continue;
    if (current && isAlive(current, path)) throw new DataFolderInUseError(folder, current);
    removeIfUnchanged(path, current);
  }
  throw new Error(`Could not take ${path}: other processes keep taking it. Try again.`);
}

/**
 * Moves the stale lock aside (atomic) and deletes it only if it is the one judged stale; a lock another
 * starter wrote in between is put back, so two starters never both take over.
 */
function removeIfUnchanged(path: string, stale: DataFolderHolder | null) {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  let moved: DataFolderHolder | null | undefined;
  try {
    moved = readHolder(aside);
  } catch {
    moved = null;
  }
  if (moved?.token !== stale?.token) {
    try {
      linkSync(aside, path);
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw error;
    }
  }
  unlinkSync(aside);
}

/** The holder named in a lock file; null when the file is not a lock this code wrote; undefined when it is gone. */
export function readHolder(path: string): DataFolderHolder | null | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<DataFolderHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.token === 'string' ? (parsed as DataFolderHolder) : null;
  } catch {
    return null;
  }
}

function isAlive(holder: DataFolderHolder, path: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(path);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return isCode(error, 'EPERM');
  }
}

function isCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === code;
}
