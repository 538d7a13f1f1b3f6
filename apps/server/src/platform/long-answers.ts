import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActingAs, StaffRole } from '@portal/schema/identity';
import { SESSION_COOKIE } from './actor.ts';
import { actorRepository } from './actor-repository.ts';
import { createChangeChannel, type ChangeObserver } from './change-channel.ts';
import type { DatabaseHandle } from './database.ts';

/** A copy where staff stopped (or switched) acting for a customer announces the session's id here. */
export const ACTING_ENDED_CHANNEL = 'acting_ended';

/** How many re-checks run at once: a burst of changes (`*`) must not take every database connection. */
const CHECKS_AT_ONCE = 4;

/** An answer that outlives its request (an event stream, a download in progress), held by the session it serves. */
export type LongAnswer = {
  /** Ends the answer: an event stream closes; a download is cut off, so no client takes a part for the whole. */
  end: () => void;
  /** What else it depends on (access to one object), asked again at every re-check; false ends it. */
  stillAllowed?: () => Promise<boolean>;
};

type Held = {
  siteId: string;
  token: string;
  sessionId: string;
  personId: string;
  customerId: string | null;
  actingAs: ActingAs;
  staffRoles: readonly StaffRole[];
  answer: LongAnswer;
  expiry: NodeJS.Timeout | null;
  ended: boolean;
};

export type LongAnswersOptions = {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  /** The backstop: every held answer is checked again this often, whatever was heard. */
  recheckEveryMs?: number;
  now?: () => Date;
  onLost?: (error: Error) => void;
  /** A re-check failed (the database away): the answer is ended, as access could not be shown. */
  onCheckFailed?: (error: Error) => void;
};

/**
 * The long answers of this server copy and what each depends on (docs/decisions/100): the session, the acting
 * customer as the request chose it, the staff roles it had, and what its route adds (access to an object). A change
 * heard on the actor or customer-data channels (decisions 080, 082) re-checks the answers of that person or customer
 * against the database; staff ending acting is announced on a channel of its own, since it lives in a cookie. Every
 * copy hears every change, so an answer ends within moments wherever it is served. A timer at the session's expiry
 * and a periodic re-check of all are the backstop for what no notification says (a date passing, a lost channel).
 */
export function createLongAnswers({
  database,
  recheckEveryMs = 60_000,
  now = () => new Date(),
  onLost,
  onCheckFailed,
}: LongAnswersOptions) {
  const held = new Set<Held>();
  const due = new Set<Held>();
  const heldRequests = new WeakSet<FastifyRequest>();
  let checking: Promise<void> | null = null;
  let backstop: NodeJS.Timeout | null = null;

  function release(entry: Held) {
    held.delete(entry);
    due.delete(entry);
    if (entry.expiry) clearTimeout(entry.expiry);
    entry.expiry = null;
  }

  function finish(entry: Held) {
    if (entry.ended) return;
    entry.ended = true;
    release(entry);
    entry.answer.end();
  }

  /** The session still resolves to the person, with every role and the customer the answer was opened with. */
  async function stillAllowed(entry: Held): Promise<boolean> {
    const found = await actorRepository.sessionActor(database.db, entry.token, entry.siteId, now());
    if (!found || found.person.id !== entry.personId) return false;
    if (!entry.staffRoles.every((role) => found.staffRoles.includes(role))) return false;
    const viaAccess = entry.customerId !== null && entry.actingAs !== 'staff';
    if (viaAccess && !found.accesses.some(({ customer, relation }) => customer.id === entry.customerId && relation === entry.actingAs)) {
      return false;
    }
    if (entry.answer.stillAllowed && !(await entry.answer.stillAllowed())) return false;
    if (!entry.ended) armExpiry(entry, found.validUntil);
    return true;
  }

  /** A check when the session expires or an access lapses, if that falls before the next periodic one. */
  function armExpiry(entry: Held, validUntil: Date) {
    if (entry.expiry) clearTimeout(entry.expiry);
    entry.expiry = null;
    const wait = validUntil.getTime() - now().getTime();
    if (wait > recheckEveryMs) return;
    entry.expiry = setTimeout(() => recheck([entry]), Math.max(wait, 10));
    entry.expiry.unref();
  }

  function recheck(entries: Iterable<Held>) {
    for (const entry of entries) if (!entry.ended) due.add(entry);
    if (!checking && due.size > 0) checking = checkDue();
  }

  async function checkDue() {
    const next = () => {
      const entry = due.values().next().value;
      if (entry) due.delete(entry);
      return entry;
    };
    const worker = async () => {
      for (let entry = next(); entry; entry = next()) {
        const allowed = await stillAllowed(entry).catch((error: Error) => {
          onCheckFailed?.(error);
          return false;
        });
        if (!allowed) finish(entry);
      }
    };
    await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, worker));
    checking = null;
  }

  const whose =
    (key: 'personId' | 'customerId'): ChangeObserver['onChange'] =>
    (payload) =>
      recheck(payload === '*' ? held : [...held].filter((entry) => entry[key] === payload));

  const actingEnded = createChangeChannel({
    database,
    channel: ACTING_ENDED_CHANNEL,
    onLost,
    onChange: (sessionId) => {
      for (const entry of held) if (entry.sessionId === sessionId && entry.actingAs === 'staff') finish(entry);
    },
    // An end of acting may have gone unheard, and no re-check can tell (it lives in the staff member's cookie):
    // every staff answer ends, and one still acting simply opens again.
    onReset: () => {
      for (const entry of held) if (entry.actingAs === 'staff') finish(entry);
    },
  });

  return {
    async start() {
      await actingEnded.start();
      backstop = setInterval(() => recheck(held), recheckEveryMs);
      backstop.unref();
    },

    async stop() {
      if (backstop) clearInterval(backstop);
      for (const entry of held) release(entry);
      await actingEnded.stop();
    },

    /**
     * Holds an answer of a signed-in request until `release` (call it when the answer ends by itself). It is checked
     * at once, since the actor may have come from the cache a moment before a change.
     */
    hold(request: FastifyRequest, answer: LongAnswer): () => void {
      const actor = request.actor;
      const token = request.cookies[SESSION_COOKIE];
      if (!actor || !token) return () => {};
      heldRequests.add(request);
      const entry: Held = {
        siteId: actor.siteId,
        token,
        sessionId: actor.person.sessionId,
        personId: actor.person.id,
        customerId: actor.customer?.id ?? null,
        actingAs: actor.actingAs,
        staffRoles: actor.staffRoles,
        answer,
        expiry: null,
        ended: false,
      };
      held.add(entry);
      recheck([entry]);
      return () => release(entry);
    },

    /** Whether the request's answer is held already (by its route, with what else it depends on). */
    holds: (request: FastifyRequest) => heldRequests.has(request),

    /** Staff stopped or switched acting in this session: every copy ends what the session opened while acting. */
    async endActing(sessionId: string) {
      await database.db.execute(sql`select pg_notify(${ACTING_ENDED_CHANNEL}, ${sessionId})`);
    },

    /** Told by the actor cache's channel: a person's sessions, rights or roles changed (`*`: anyone's). */
    personChanges: { onChange: whose('personId'), onReset: () => recheck(held) } satisfies ChangeObserver,
    /** Told by the customer answers' channel: a customer's data changed (contracts, objects, metering points). */
    customerChanges: { onChange: whose('customerId'), onReset: () => recheck(held) } satisfies ChangeObserver,

    get size() {
      return held.size;
    },
  };
}
export type LongAnswers = ReturnType<typeof createLongAnswers>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers that outlive their request, ended when what they depend on ends (docs/decisions/100). */
    longAnswers: LongAnswers;
  }
}

const isStream = (payload: unknown): payload is Readable =>
  typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';

/**
 * Every streamed answer of a signed-in request is held by its session: a route with more to check (an object's
 * access) holds its answer itself; any other stream (a download in progress) is held here when it is sent, and cut
 * off, not ended, when the session goes, so a client never mistakes the part it got for the whole file.
 */
export const longAnswerRevocation = fp<{ longAnswers: LongAnswers }>(
  async (app: FastifyInstance, { longAnswers }) => {
    app.decorate('longAnswers', longAnswers);
    await longAnswers.start();
    app.addHook('onClose', () => longAnswers.stop());
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.actor && isStream(payload) && !longAnswers.holds(request)) {
        const release = longAnswers.hold(request, {
          end: () => payload.destroy(new Error('the session or access this download depended on has ended')),
        });
        reply.raw.once('close', release);
      }
      done(null, payload);
    });
  },
  { name: 'long-answers', dependencies: ['actor-resolution'] },
);
