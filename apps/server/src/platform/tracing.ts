import { SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';

/**
 * Traces with OpenTelemetry (docs/decisions/115-traces.md), off unless an operator asks for them with the standard
 * variables: `OTEL_TRACES_EXPORTER` other than `none`, or an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`,
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`); `OTEL_SDK_DISABLED=true` wins over both. Everything else (protocol, headers,
 * sampler, service name) is the SDK's own reading of `OTEL_*`
 * (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/).
 */
export function tracesWanted(env: Record<string, string | undefined>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporters) return exporters !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

export type Tracing = { shutdown: () => Promise<void> };

/**
 * Starts the OpenTelemetry SDK for traces only (metrics are Prometheus's, platform/metrics.ts), once per process and
 * before the app is built. The SDK is loaded only then: a copy without traces does not carry it.
 */
export async function startTracing(): Promise<Tracing> {
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : 'portal-server',
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

const tracer = trace.getTracer('@portal/server');

/**
 * Spans per request (@fastify/otel: the request, its hooks and handler, under the caller's `traceparent`), and the
 * request's trace id on its log lines. Registered first, so that what every later plugin does is inside the span.
 */
export async function traceRequests(app: FastifyInstance): Promise<void> {
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');
  await app.register(new FastifyOtelInstrumentation({ recordExceptions: false }).plugin());
  app.addHook('onRequest', async (request, reply) => {
    const traceId = request.opentelemetry().span?.spanContext().traceId;
    if (!traceId) return;
    request.log = request.log.child({ traceId });
    reply.log = request.log;
  });
}

/**
 * Runs `work` inside a span named `name`, a child of the active span, or the root of a new trace with `root` (a job,
 * a meter's answer: work no request waits for). Without tracing, the API's spans record nothing and cost next to it.
 */
export function inSpan<T>(
  name: string,
  options: { attributes?: Attributes; kind?: SpanKind; root?: boolean },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes: options.attributes, kind: options.kind, root: options.root }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Told of each statement a database handle sent: its first keyword, seconds until it settled, and whether it failed. */
export type StatementObserver = (operation: string, seconds: number, failed: boolean) => void;

/**
 * Runs a database statement, timed for `observe`, and inside a span when a trace is being recorded: statements outside
 * any (start, migrations) make no span of their own. The span's text is the parameterised statement, never its values.
 */
export async function statementSpan<T>(text: unknown, run: () => Promise<T>, observe: StatementObserver): Promise<T> {
  const statement = typeof text === 'string' ? text : (text as { text?: unknown } | null)?.text;
  const query = typeof statement === 'string' ? statement : '';
  const operation = /^\s*(\w+)/.exec(query)?.[1]?.toUpperCase() ?? 'QUERY';
  const started = performance.now();
  let failed = true;
  try {
    const result = trace.getActiveSpan()?.isRecording()
      ? await inSpan(
          operation,
          {
            kind: SpanKind.CLIENT,
            attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': query.slice(0, 2000) },
          },
          run,
        )
      : await run();
    failed = false;
    return result;
  } finally {
    observe(operation, (performance.now() - started) / 1000, failed);
  }
}

type AnyQuery = (...args: unknown[]) => unknown;
/** The methods wrapped here, as loose functions: each driver's overloads differ, the wrappers pass arguments through. */
type Loose = Record<'query' | 'exec' | 'connect' | 'transaction', AnyQuery>;

/**
 * The promise calls of `query` each timed and in a statement span. Calls with a callback (pg's pool inside) and of a
 * Submittable (a COPY stream of pg-copy-streams, which `query` hands back as it is) pass untouched.
 */
function observeQueries(target: Pick<Loose, 'query'>, observe: StatementObserver): void {
  const query = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    const submittable = typeof (args[0] as { submit?: unknown } | null)?.submit === 'function';
    if (submittable || typeof args.at(-1) === 'function') return query(...args);
    return statementSpan(args[0], () => query(...args) as Promise<unknown>, observe);
  };
}

/** `exec` (PGlite's statements without parameters) in a statement span. */
function observeExec(target: Pick<Loose, 'exec'>, observe: StatementObserver): void {
  const exec = target.exec.bind(target);
  target.exec = (...args: unknown[]) => statementSpan(args[0], () => exec(...args) as Promise<unknown>, observe);
}

/**
 * A node-postgres pool whose statements are timed and traced: `pool.query` in the caller's context (a statement waiting for a
 * connection would otherwise continue in the context of whoever released it), and the clients a transaction takes.
 */
export function observedPool(pool: Pool, observe: StatementObserver): Pool {
  const loose = pool as unknown as Loose;
  observeQueries(loose, observe);
  const connect = loose.connect.bind(pool);
  const traced = new WeakSet<object>();
  loose.connect = (...args: unknown[]) =>
    args.length > 0
      ? connect(...args)
      : (connect() as Promise<Loose>).then((client) => {
          if (!traced.has(client)) {
            observeQueries(client, observe);
            traced.add(client);
          }
          return client;
        });
  return pool;
}

/** A PGlite instance whose statements, in and out of transactions, are timed and traced. */
export function observedPglite(client: PGlite, observe: StatementObserver): PGlite {
  const loose = client as unknown as Loose;
  observeQueries(loose, observe);
  observeExec(loose, observe);
  const transaction = loose.transaction.bind(client);
  loose.transaction = (...args: unknown[]) => {
    const work = args[0] as (tx: Loose) => unknown;
    return transaction((tx: Loose) => {
      observeQueries(tx, observe);
      observeExec(tx, observe);
      return work(tx);
    });
  };
  return client;
}
