import { z } from 'zod';
import { OPEN_TICKET_STATUSES } from '@portal/schema/support';
import type { CrmSystem } from '../../integrations/crm/port.ts';
import type { Transaction } from '../../platform/database.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { defineSchedule } from '../../platform/jobs/job-schedules.ts';
import { defineJob, type JobContext } from '../../platform/jobs/job-type.ts';
import type { SiteCache } from '../sites/site-cache.ts';
import { recordReply } from './record-reply.ts';
import { nameIn, supportRepository } from './support-repository.ts';
import { nextTicketStatus } from './ticket-transitions.ts';

/** What happened to a ticket on the customer's side, handed to the CRM after the change is committed. */
const handover = z.discriminatedUnion('action', [
  z.object({ action: z.literal('open'), ticketId: z.string() }),
  z.object({ action: z.literal('comment'), ticketId: z.string(), commentId: z.string() }),
  z.object({ action: z.literal('close'), ticketId: z.string(), status: z.enum(['TS3', 'TS4']) }),
]);
export type Handover = z.infer<typeof handover>;

/** Hands one change to the CRM; a CRM that is down is retried for hours (1 min doubling to 30 min). */
export const crmHandoverJob = defineJob({
  kind: 'support.crm-handover',
  payload: handover,
  maxAttempts: 20,
  retry: { firstDelayMs: 60_000, maxDelayMs: 30 * 60_000 },
});

/** Reads replies and closed cases back from the CRM. */
export const crmPollJob = defineJob({ kind: 'support.crm-poll', payload: z.object({}), maxAttempts: 1 });

/**
 * The support services' way through the CRM port (docs/decisions/057): in the transaction of the change, a job that
 * hands it over once it is committed. The in-portal adapter has nothing to hand over: the portal's rows are the case.
 */
export async function handOverToCrm(tx: Transaction, crm: CrmSystem, change: Handover): Promise<void> {
  if (crm.inPortal) return;
  const key = change.action === 'comment' ? change.commentId : change.ticketId;
  await enqueue(tx, crmHandoverJob, change, { dedupeKey: `crm:${change.action}:${key}` });
}

/** Registers the handover and the poll on a server copy's job runner; the in-portal adapter needs neither. */
export function runSupportCrm(jobs: JobRunner, crm: CrmSystem, sites: SiteCache, pollCron: string): void {
  if (crm.inPortal) return;
  jobs.handle(crmHandoverJob, (change, context) => handOver(change, context, crm, sites));
  jobs.handle(crmPollJob, (_payload, context) => pollCrm(context, crm, sites));
  jobs.schedule(defineSchedule({ name: 'support.crm-poll', cron: pollCron, timezone: 'UTC', job: crmPollJob, payload: {} }));
}

async function handOver(change: Handover, context: JobContext, crm: CrmSystem, sites: SiteCache): Promise<void> {
  const found = await supportRepository.ticketForCrm(context.db, change.ticketId);
  if (!found) return;
  const { ticket } = found;
  if (change.action === 'open') {
    if (ticket.crmReference) return;
    const site = await sites.findById(ticket.siteId);
    const subtype = site ? await supportRepository.subtype(context.db, site.id, ticket.subtypeCode) : null;
    const reference = await crm.openCase(
      {
        portalTicketId: ticket.id,
        subject: subtype ? nameIn(subtype.names, subtype.code, [ticket.localeId, site!.defaultLocaleId]) : ticket.subtypeCode,
        description: ticket.message,
        clientCode: found.clientCode,
        customerName: found.customerName,
        contactName: ticket.contactName,
        email: ticket.email,
        phone: ticket.phone,
        handlerGroup: ticket.handlerGroup,
        channel: ticket.channelCode,
      },
      await supportRepository.filesOf(context.db, ticket.id, null),
    );
    await context.transaction((tx) => supportRepository.setCrmReference(tx, { ticketId: ticket.id }, reference));
    return;
  }
  // A change after the opening waits for the case to exist (the opening job may still be retrying).
  if (!ticket.crmReference) throw new Error(`ticket ${ticket.id} is not yet a case in the CRM`);
  if (change.action === 'comment') {
    const comment = await supportRepository.comment(context.db, ticket.id, change.commentId);
    if (!comment || comment.crmReference) return;
    const reference = await crm.addComment(
      ticket.crmReference,
      { portalCommentId: comment.id, body: comment.body },
      await supportRepository.filesOf(context.db, ticket.id, comment.id),
    );
    await context.transaction((tx) => supportRepository.setCrmReference(tx, { ticketId: ticket.id, commentId: comment.id }, reference));
    return;
  }
  await crm.closeCase(ticket.crmReference, change.status);
}

/**
 * support.crm-poll: customer service's public replies in the CRM become replies in the portal (comment, inbox,
 * notifications) and a case the CRM closed resolves its ticket, each ticket under its row lock, all in the poll's
 * transaction. A reply is recorded once: its CRM id is unique on the ticket.
 */
async function pollCrm(context: JobContext, crm: CrmSystem, sites: SiteCache): Promise<void> {
  const open = await supportRepository.openCrmTickets(context.db);
  if (open.length === 0) return;
  const byReference = new Map(open.map((ticket) => [ticket.crmReference!, ticket]));
  const since = open[0]!.createdAt;
  const updates = await crm.readUpdates([...byReference.keys()], since);
  const now = new Date();
  await context.transaction(async (tx) => {
    for (const reply of updates.replies) {
      const listed = byReference.get(reply.caseReference);
      const site = listed ? await sites.findById(listed.siteId) : null;
      if (!listed || !site) continue;
      const ticket = await supportRepository.lockSiteTicket(tx, site.id, listed.id);
      if (!ticket || !OPEN_TICKET_STATUSES.includes(ticket.status)) continue;
      const origin = await supportRepository.siteOrigin(tx, site.id);
      await recordReply(
        tx,
        site,
        ticket,
        { body: reply.body, files: [], at: reply.createdAt, personId: null, crmReference: reply.reference },
        origin,
      );
    }
    for (const reference of updates.closed) {
      const listed = byReference.get(reference);
      if (!listed) continue;
      const ticket = await supportRepository.lockSiteTicket(tx, listed.siteId, listed.id);
      if (ticket && OPEN_TICKET_STATUSES.includes(ticket.status)) {
        await supportRepository.setStatus(tx, ticket.id, nextTicketStatus(ticket.status, 'resolve'), now);
      }
    }
  });
}
