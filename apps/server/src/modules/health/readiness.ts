/** What a copy knows about itself when asked whether it can serve. */
export type ReadinessState = {
  closing: boolean;
  /** The database probe's last word (platform/database-probe.ts). */
  database: 'ok' | 'unreachable';
  jobs: 'ok' | 'stuck' | 'off';
  meterBroker: 'ok' | 'reconnecting';
};

export type HealthAnswer = { status: 'ok' | 'unavailable'; checks?: Record<string, string> };

/**
 * Ready when the database answers and the copy is not closing. A stuck job runner or an unreachable meter broker is
 * reported but does not take the copy out of the balancer: it still serves everything else.
 */
/** What a readiness check answers: its status and body. */
export type Readiness = { statusCode: 200 | 503; answer: HealthAnswer };

export function readinessOf(state: ReadinessState): Readiness {
  if (state.closing) return { statusCode: 503, answer: { status: 'unavailable', checks: { server: 'closing' } } };
  const componentChecks = { ...(state.jobs === 'off' ? {} : { jobs: state.jobs }), meterBroker: state.meterBroker };
  return state.database === 'ok'
    ? { statusCode: 200, answer: { status: 'ok', checks: { database: 'ok', ...componentChecks } } }
    : { statusCode: 503, answer: { status: 'unavailable', checks: { database: 'unreachable', ...componentChecks } } };
}
