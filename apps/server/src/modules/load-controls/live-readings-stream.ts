import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveReading } from '@portal/schema/power';
import type { MeterAddress } from '../../integrations/head-end/port.ts';
import type { LiveReadingsHub } from './live-readings-hub.ts';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** A browser that reads slower than this much backlog is cut off; it reconnects and resumes from its last id. */
const MAX_BACKLOG_BYTES = 256 * 1024;
const RECONNECT_AFTER_MS = 3000;

const event = (reading: LiveReading) => `id: ${reading.id}\nevent: reading\ndata: ${JSON.stringify(reading)}\n\n`;

/**
 * Sends a meter's live readings as Server-Sent Events (docs/decisions/062-live-readings.md). The browser's
 * EventSource sends Last-Event-ID when it reconnects by itself; a page that closed the stream while hidden
 * passes `lastEventId` in the query when it opens a new one. Either way the readings since are sent first.
 * The stream is held by the session (docs/decisions/100): it ends when the session, the customer's access or
 * `stillAllowed` (the object) ends, and the browser's reconnection is then refused.
 */
export function streamLiveReadings(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: LiveReadingsHub,
  meter: MeterAddress,
  { lastEventId, stillAllowed }: { lastEventId: string | null; stillAllowed: () => Promise<boolean> },
) {
  const stream = new PassThrough();
  stream.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
  let stop = () => {};
  const end = () => {
    clearInterval(heartbeat);
    release();
    stop();
    stream.end();
  };
  const release = request.server.longAnswers.hold(request, { end, stillAllowed });
  const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  stop = hub.watch(
    meter,
    {
      reading: (reading) => {
        if (stream.writableLength > MAX_BACKLOG_BYTES) return end();
        stream.write(event(reading));
      },
      end,
    },
    lastEventId,
  );
  request.raw.once('close', end);
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(stream);
}
