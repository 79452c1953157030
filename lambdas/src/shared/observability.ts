import { Logger } from "@aws-lambda-powertools/logger";
import { injectLambdaContext } from "@aws-lambda-powertools/logger/middleware";
import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import { logMetrics } from "@aws-lambda-powertools/metrics/middleware";
import { Tracer } from "@aws-lambda-powertools/tracer";
import { captureLambdaHandler } from "@aws-lambda-powertools/tracer/middleware";
import middy, { type MiddyfiedHandler } from "@middy/core";
import type { Context } from "aws-lambda";

/**
 * Structured logs, metrics and traces (Powertools for AWS Lambda) for every handler: route groups
 * get them from createRouteGroup, workflow tasks and scheduled jobs from `observed`. Service name,
 * namespace and switches come from POWERTOOLS_* variables (CDK sets them; the local stack turns
 * tracing and metrics off).
 *
 * What people send us never reaches a log line: events and responses are never logged or put on
 * traces (they carry cookies, codes, passwords and embeddings), and any log attribute whose name
 * says it holds a secret or a biometric is replaced by "[redacted]" whatever a caller passes.
 */

export const METRICS_NAMESPACE = "LikenessGuard";

/** Attribute names whose values are secrets or biometrics, wherever they appear in a log entry. */
const SECRET_KEYS =
  /cookie|authori[sz]ation|password|passcode|secret|token|^code$|confirmationcode|^otp$|embedding|descriptor|^session(id|token)?$/i;

const redactSecrets = (key: string, value: unknown): unknown => (key && SECRET_KEYS.test(key) ? "[redacted]" : value);

export const logger = new Logger({ jsonReplacerFn: redactSecrets });
/**
 * Metrics' own warnings go through the structured logger; the one about an invocation that added no
 * metric of its own is dropped: most invocations add none (Lambda already counts them), so it
 * would be one useless warning per request.
 */
const metricsLogger = {
  debug: logger.debug.bind(logger),
  info: logger.info.bind(logger),
  error: logger.error.bind(logger),
  warn: (message: string, ...rest: unknown[]) => {
    if (!message.startsWith("No application metrics to publish")) logger.warn(message, ...(rest as []));
  },
};

export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, logger: metricsLogger });
export const tracer = new Tracer();

/** The middlewares every handler runs under; the event is never logged, whatever the environment says. */
export function withObservability<E, R>(handler: MiddyfiedHandler<E, R, Error, Context>) {
  return handler
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
    .use(logMetrics(metrics, { captureColdStartMetric: true }))
    .use(captureLambdaHandler(tracer, { captureResponse: false }));
}

/** A workflow task or scheduled job with logs, metrics and traces. */
export function observed<E, R>(handler: (event: E, context: Context) => Promise<R>) {
  return withObservability(middy<E, R, Error, Context>().handler(handler));
}

/** An error no handler expected: its type and message only, never the request that caused it. */
export function recordUnexpectedError(error: unknown, where: Record<string, string>): void {
  metrics.addMetric("UnexpectedErrors", MetricUnit.Count, 1);
  const { name, message } = error instanceof Error ? error : { name: typeof error, message: String(error) };
  logger.error("Unexpected error", { ...where, errorName: name, errorMessage: message });
}
