import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';
import { enqueue } from './jobs/enqueue.ts';
import { removeExpiredJob } from './retention.ts';
import { startTracing, tracesWanted, type Tracing } from './tracing.ts';

/** A span as OTLP/HTTP with JSON carries it (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding). */
type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string } }[];
};
const SERVER = 2;
const attribute = (span: ReceivedSpan, key: string) => span.attributes.find((item) => item.key === key)?.value.stringValue;

/**
 * Traces end to end (docs/decisions/115-traces.md): the SDK started as `OTEL_*` asks, exporting OTLP over HTTP to a
 * receiver on loopback, and a real app on PGlite (PostgreSQL with TEST_DATABASE_URL).
 */
describe('OpenTelemetry traces exported over OTLP', () => {
  const received: ReceivedSpan[] = [];
  const logLines: { traceId?: string; msg?: string; url?: string }[] = [];
  let receiver: Server;
  let tracing: Tracing;
  const wanted = {
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '50',
    OTEL_SERVICE_NAME: 'portal-test',
  };

  // Before useTestApp's own: the SDK is started before the app is built, as start-server.ts does.
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces') {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[];
          };
          for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) received.push(...scope.spans);
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, wanted, { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}` });
    tracing = await startTracing();
  });
  afterAll(async () => {
    await tracing.shutdown();
    await new Promise((resolve) => receiver.close(resolve));
    for (const name of [...Object.keys(wanted), 'OTEL_EXPORTER_OTLP_ENDPOINT']) delete process.env[name];
  });
  const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as (typeof logLines)[number]) });
  const ctx = useTestApp(wanted, { log });

  /** The spans of one trace once its root has arrived (the batch processor sends every 50 ms). */
  async function traceOf(isRoot: (span: ReceivedSpan) => boolean): Promise<ReceivedSpan[]> {
    for (let waited = 0; waited < 5_000; waited += 50) {
      const root = received.find(isRoot);
      if (root) return received.filter((span) => span.traceId === root.traceId);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no such trace arrived within 5 s');
  }

  it('makes a signed-in page load one trace: the request, its hooks and handler, and its statements, with the id in its log line', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    received.length = 0;
    const response = await ctx.app.inject({ url: '/api/invoices?traced=1', headers: { host: HOSTS.lumo, cookie } });
    expect(response.statusCode).toBe(200);
    const spans = await traceOf((span) => span.kind === SERVER && attribute(span, 'url.path') === '/api/invoices?traced=1');
    // One root: everything the request did hangs under its span.
    const roots = spans.filter((span) => !span.parentSpanId);
    expect(roots.map((span) => span.name)).toEqual(['request']);
    const ids = new Set(spans.map((span) => span.spanId));
    for (const span of spans) if (span.parentSpanId) expect(ids.has(span.parentSpanId), span.name).toBe(true);
    const statements = spans.filter((span) => attribute(span, 'db.system.name') === 'postgresql');
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.map((span) => attribute(span, 'db.query.text')).join('\n')).toMatch(/invoice/);
    // Nothing of the request went into another trace.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.filter((span) => span.traceId !== roots[0]!.traceId)).toEqual([]);
    const line = logLines.find((entry) => entry.msg === 'request completed' && entry.traceId === roots[0]!.traceId);
    expect(line, 'the request’s log line carries its trace id').toBeDefined();
  });

  it('continues the caller’s trace from its traceparent header', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await ctx.app.inject({
      url: '/api/site',
      headers: { host: HOSTS.lumo, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.statusCode).toBe(200);
    const spans = await traceOf((span) => span.kind === SERVER && span.traceId === traceId);
    expect(spans.find((span) => span.kind === SERVER)?.parentSpanId).toBe('00f067aa0ba902b7');
  });

  it('makes each job a trace of its own, its statements inside', async () => {
    await enqueue(ctx.database.db, removeExpiredJob, {});
    received.length = 0;
    await ctx.app.jobs.runDue();
    const spans = await traceOf((span) => span.name === `job ${removeExpiredJob.kind}`);
    const job = spans.find((span) => span.name === `job ${removeExpiredJob.kind}`)!;
    expect(job.parentSpanId ?? '').toBe('');
    expect(attribute(job, 'portal.job.outcome')).toBe('done');
    expect(
      spans.filter((span) => span.parentSpanId === job.spanId && attribute(span, 'db.system.name') === 'postgresql').length,
    ).toBeGreaterThan(0);
  });
});

describe('whether traces are wanted', () => {
  it('follows the standard variables: off unless an exporter or an OTLP endpoint is named, and OTEL_SDK_DISABLED wins', () => {
    expect(tracesWanted({})).toBe(false);
    expect(tracesWanted({ OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracesWanted({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracesWanted({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });
});
