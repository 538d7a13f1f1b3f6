import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './database.ts';
import { defineSchedule } from './jobs/job-schedules.ts';
import { defineJob, type JobHandler } from './jobs/job-type.ts';

/**
 * What personal data the portal removes when it is no longer needed (GDPR Art. 5(1)(e), storage limitation), with
 * how many days each kind is kept by default. The reason for each is in docs/decisions/114-retention.md; operators
 * change a number with RETENTION_DAYS. Not here, on purpose: invoices and payments (bookkeeping law keeps them),
 * readings (the data hubs' rules), the audit lines of changes, and finished jobs (platform/jobs/purge-finished-jobs.ts).
 */
export const DEFAULT_RETENTION_DAYS = {
  /** Browser errors the app reports (modules/client-logs): long enough to look into a reported fault. */
  'client-logs': 30,
  /** Sessions past their expiry: the sign-ins themselves stay in the audit log. */
  'ended-sessions': 30,
  /** E-mail confirmation links used or expired, and Auth.js's verification tokens past their expiry. */
  'email-tokens': 7,
  /** The demo e-ID service's sign-ins in progress, grants and tokens past their expiry. */
  'demo-e-id': 1,
  /** Who looked at a customer's data, the lines "who looked at my data" lists (decision 076): two years back. */
  'staff-reads': 730,
  /** Files sent with support requests, counted from the request's closing: the general limitation period of claims. */
  'support-attachments': 1095,
  /** Mail and text messages written to DATA_DIR/outbox when no mail server is configured (demo and development). */
  'outbox-files': 30,
  /** Alerts decided and sent (the history in notification settings), counted from the decision; never one still queued. */
  'alerts-sent': 730,
  /** Power-control commands that ended (the history of switching), counted from the request. */
  'meter-commands': 365,
  /** Satisfaction survey answers with their free text, counted from the answer. */
  'feedback-answers': 730,
  /** Inbox messages (support replies and notices), counted from their arrival: as support requests' files. */
  'inbox-messages': 1095,
  /** Browsers' push subscriptions not refreshed for this long: a browser in use refreshes its token weekly. */
  'push-subscriptions': 60,
  /** A customer's copy of their data (decision 110), counted from when it was ready: the days it can be downloaded. */
  'data-exports': 7,
} as const satisfies Record<string, number>;

export type RetentionKind = keyof typeof DEFAULT_RETENTION_DAYS;
export type RetentionDays = Record<RetentionKind, number>;
const KINDS = Object.keys(DEFAULT_RETENTION_DAYS) as RetentionKind[];

/**
 * RETENTION_DAYS as operators write it: `kind=days` pairs separated by commas (`client-logs=14,staff-reads=365`),
 * each kind at most once, days a whole number from 1 to 3650; the kinds not named keep their defaults.
 */
export const retentionDaysSetting = z
  .string()
  .transform((text, context): RetentionDays => {
    const days: RetentionDays = { ...DEFAULT_RETENTION_DAYS };
    const named = new Set<string>();
    for (const pair of text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const match = /^([a-z-]+)=(\d{1,4})$/.exec(pair);
      const kind = match?.[1] as RetentionKind | undefined;
      const value = Number(match?.[2]);
      if (!match || !KINDS.includes(kind!) || named.has(kind!) || value < 1 || value > 3650) {
        context.addIssue({ code: 'custom', message: `"${pair}" must be kind=days, once each, days 1-3650; kinds: ${KINDS.join(', ')}` });
        return z.NEVER;
      }
      named.add(kind!);
      days[kind!] = value;
    }
    return days;
  })
  .default({ ...DEFAULT_RETENTION_DAYS });

/** One table's expired rows: `where` takes the instant before which the kind's rows are expired. */
type TableRule = { kind: RetentionKind; table: string; where: (before: Date) => SQL };

const TABLE_RULES: TableRule[] = [
  { kind: 'client-logs', table: 'client_log', where: (before) => sql`created_at < ${before}` },
  { kind: 'ended-sessions', table: 'auth_session', where: (before) => sql`expires < ${before}` },
  { kind: 'email-tokens', table: 'email_change', where: (before) => sql`coalesce(used_at, expires_at) < ${before}` },
  { kind: 'email-tokens', table: 'auth_verification_token', where: (before) => sql`expires < ${before}` },
  { kind: 'demo-e-id', table: 'demo_idp_payload', where: (before) => sql`expires_at < ${before}` },
  {
    kind: 'staff-reads',
    table: 'audit_log',
    where: (before) => sql`data_area is not null and before is null and after is null and created_at < ${before}`,
  },
  {
    kind: 'support-attachments',
    table: 'support_attachment',
    // TS3 and TS4 are the closed states; a closed request is not changed again, so its last change is its closing.
    where: (before) => sql`ticket_id in (select id from support_ticket where status in ('TS3', 'TS4') and updated_at < ${before})`,
  },
  {
    kind: 'alerts-sent',
    // Its deliveries go with the alert (on delete cascade). An alert older than its days is not decided again: the
    // alert jobs look at the coming days and open invoices only.
    table: 'notification_alert',
    where: (before) =>
      sql`created_at < ${before} and not exists (select 1 from notification_delivery d where d.alert_id = notification_alert.id and d.status = 'queued')`,
  },
  { kind: 'meter-commands', table: 'load_command', where: (before) => sql`status <> 'pending' and requested_at < ${before}` },
  { kind: 'feedback-answers', table: 'feedback_submission', where: (before) => sql`created_at < ${before}` },
  { kind: 'inbox-messages', table: 'inbox_message', where: (before) => sql`created_at < ${before}` },
  { kind: 'push-subscriptions', table: 'push_subscription', where: (before) => sql`refreshed_at < ${before}` },
  // Its parts go with it (on delete cascade); one that never became ready goes as many days after it was asked for.
  { kind: 'data-exports', table: 'data_export', where: (before) => sql`coalesce(ready_at, created_at) < ${before}` },
];

/** Rows per statement: each delete holds its locks for a moment, and the job's timeout bounds the whole. */
const BATCH = 2000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Deletes what is past its retention at `now`, a batch per statement so that no long transaction holds rows others
 * write (sessions, logs), and the outbox's files older than their days. Resolves to the count removed per kind.
 */
export async function removeExpired(
  db: Database,
  { days, outboxDirs, now, signal }: { days: RetentionDays; outboxDirs: string[]; now: Date; signal?: AbortSignal },
): Promise<Record<RetentionKind, number>> {
  const removed = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<RetentionKind, number>;
  for (const rule of TABLE_RULES) {
    const before = new Date(now.getTime() - days[rule.kind] * DAY_MS);
    const table = sql.identifier(rule.table);
    for (;;) {
      signal?.throwIfAborted();
      // Both drivers answer with `rows` (node-postgres's QueryResult, PGlite's Results); Database is their union.
      const { rows } = (await db.execute(
        sql`delete from ${table} where ctid = any(array(select ctid from ${table} where ${rule.where(before)} limit ${BATCH})) returning 1`,
      )) as { rows: unknown[] };
      removed[rule.kind] += rows.length;
      if (rows.length < BATCH) break;
    }
  }
  const filesBefore = now.getTime() - days['outbox-files'] * DAY_MS;
  for (const folder of outboxDirs) removed['outbox-files'] += await removeFilesOlderThan(folder, filesBefore);
  return removed;
}

/** Files directly in `folder` last written before `before` (epoch ms); a folder that does not exist holds none. */
async function removeFilesOlderThan(folder: string, before: number): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(folder, entry.name);
    if ((await stat(path)).mtimeMs < before) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}

const noPayload = z.object({});

/** Nightly, after the finished jobs' purge: retention is counted in days, so once a day is exact enough. */
export const removeExpiredJob = defineJob({ kind: 'retention.remove-expired', payload: noPayload, maxAttempts: 3, timeoutMs: 30 * 60_000 });
export const removeExpiredNightly = defineSchedule({
  name: 'retention.remove-expired',
  cron: '45 3 * * *',
  timezone: 'UTC',
  job: removeExpiredJob,
  payload: {},
});

export function removeExpiredWith(options: { days: RetentionDays; outboxDirs: string[] }): JobHandler<typeof noPayload> {
  return async (_payload, { db, runAt, signal, log }) => {
    const removed = await removeExpired(db, { ...options, now: runAt, signal });
    log.info({ removed }, 'data past its retention removed');
  };
}
