import type { AuditEvent, AuditResult } from '@portal/schema/admin';
import { COMMAND_ACTIONS } from '@portal/schema/power';

/** One stored audit line, as the audit log's reader needs it described. */
export type StoredAuditLine = { action: string; outcome: string; dataArea: string | null };
export type AuditDescription = { event: AuditEvent; subject: string | null; result: AuditResult; count: string | null };

/** The wording each change and staff step is stored under (platform/admin-audit.ts callers, staff and session routes). */
const NAMED_ACTIONS: Record<string, AuditEvent> = {
  'site updated': 'site-updated',
  'site locales changed': 'site-locales-changed',
  'site domain added': 'site-domain-added',
  'site domain removed': 'site-domain-removed',
  'site meta fields changed': 'site-meta-fields-changed',
  'site features changed': 'site-features-changed',
  'site links changed': 'site-links-changed',
  'site translations changed': 'site-translations-changed',
  'feedback form added': 'feedback-form-added',
  'feedback form updated': 'feedback-form-updated',
  'feedback submissions deleted': 'feedback-answers-deleted',
  'announcement created': 'announcement-created',
  'announcement updated': 'announcement-updated',
  'announcement deleted': 'announcement-deleted',
  'search customers': 'customers-searched',
  'open customer card': 'customer-card-opened',
  'start acting for customer': 'acting-started',
  'load-control plan': 'load-control-plan',
  'sign out session': 'session-signed-out',
  'sign out other sessions': 'other-sessions-signed-out',
  'POST /api/me/representatives': 'representative-code-entered',
  // modules/meter-readings/enter-meter-reading.ts (decision 112) and modules/data-exports/make-data-export.ts (110).
  'meter reading entered': 'meter-reading-entered',
  'meter reading entered (meter changed)': 'meter-reading-entered',
  'data export made': 'data-copy-made',
  // modules/network-products/change-network-product.ts (decision 127).
  'network product changed': 'network-product-changed',
  'network product change cancelled': 'network-product-change-cancelled',
};

/** Calls stored as `METHOD route` (a call's own line, platform/actor.ts) whose route says what was done. */
const CALLS: [RegExp, AuditEvent][] = [
  [/^GET \/api\/admin\/site\/[^/]+\/feedback\/[^/]+$/, 'feedback-answers-read'],
  [/^GET \/api\/admin\/site\/[^/]+\/audit\.csv$/, 'audit-log-exported'],
  [/^GET \/api\/admin\//, 'admin-page-read'],
  [/^[A-Z]+ \/api\/admin\//, 'admin-change-tried'],
  [/^POST \/api\/staff\/support\/tickets\/[^/]+\/assign$/, 'ticket-assigned'],
  [/^POST \/api\/staff\/support\/tickets\/[^/]+\/replies$/, 'ticket-replied'],
  [/^POST \/api\/staff\/support\/tickets\/[^/]+\/resolve$/, 'ticket-resolved'],
  [/^GET \/api\/staff\/support\/tickets/, 'ticket-read'],
  [/^[A-Z]+ \/api\/auth\//, 'sign-in-refused'],
];

const COMMANDS = new Set<string>(COMMAND_ACTIONS);

function resultOf(outcome: string): Pick<AuditDescription, 'result' | 'count'> {
  const counted = /^(\d+\+?) (found|signed out)$/.exec(outcome);
  if (counted) return { result: counted[2] === 'found' ? 'found' : 'signed-out', count: counted[1]! };
  if (/^\d{3}$/.test(outcome)) {
    const status = Number(outcome);
    return { result: status < 400 ? 'done' : status === 404 ? 'not-found' : status < 500 ? 'refused' : 'failed', count: null };
  }
  const named: Record<string, AuditResult> = {
    ok: 'done',
    refused: 'refused',
    'not found': 'not-found',
    failed: 'failed',
    pending: 'pending',
    confirmed: 'confirmed',
    'timed-out': 'timed-out',
    scheduled: 'scheduled',
    cancelled: 'cancelled',
  };
  return { result: named[outcome] ?? 'done', count: null };
}

/**
 * What a stored audit line says a person did (docs/decisions/107), for the administrator's audit page: lines keep the
 * code's own wording, old and new alike, and are told in the reader's language from this description. A line of no
 * known kind is `other`, with its stored action as the subject, so nothing is hidden.
 */
export function describeAuditLine(line: StoredAuditLine): AuditDescription {
  const outcome = resultOf(line.outcome);
  const described = (event: AuditEvent, subject: string | null = null): AuditDescription => ({ event, subject, ...outcome });
  const named = NAMED_ACTIONS[line.action];
  if (named) return described(named);
  if (line.action.startsWith('act-as ')) return described('acting-refused');
  const command = /^load-control (.+)$/.exec(line.action)?.[1];
  if (command && COMMANDS.has(command)) return described('load-control-command', command);
  const call = CALLS.find(([pattern]) => pattern.test(line.action));
  if (call) return described(call[1]);
  // Any other call staff made while acting for a customer is told by the part of the customer's data it touched.
  // The page shell's own calls (who is signed in, the site, texts) touch none of it (platform/data-areas.ts).
  if (/^[A-Z]+ \/api\//.test(line.action)) {
    if (!line.dataArea) return described('acting-call');
    return described(line.action.startsWith('GET ') ? 'customer-data-read' : 'customer-data-changed', line.dataArea);
  }
  return described('other', line.action);
}
