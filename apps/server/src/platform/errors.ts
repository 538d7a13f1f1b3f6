import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { customerFacingKinds, ERROR_CODES, type ErrorCode, type ErrorKind } from '@portal/schema/error-codes';
import type { ApiErrorBody } from '@portal/schema/errors';

/**
 * A failure domain code raises on purpose, named by a stable code of @portal/schema/error-codes. Its message
 * is safe to send to the client; the code's kind decides the HTTP status (the one table below).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Sent as Retry-After: when a `busy` refusal may be tried again, in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, { retryAfterSeconds }: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get kind(): ErrorKind {
    return ERROR_CODES[this.code];
  }
}

/** The one table from an error's kind to its HTTP answer. */
const HTTP_OF_KIND: Record<ErrorKind, { status: number; name: string }> = {
  invalid: { status: 400, name: 'ValidationError' },
  unauthenticated: { status: 401, name: 'UnauthorizedError' },
  forbidden: { status: 403, name: 'ForbiddenError' },
  notFound: { status: 404, name: 'NotFoundError' },
  conflict: { status: 409, name: 'ConflictError' },
  refused: { status: 422, name: 'BusinessRuleError' },
  tooMany: { status: 429, name: 'RateLimitError' },
  upstream: { status: 502, name: 'UpstreamError' },
  tooLarge: { status: 413, name: 'PayloadTooLargeError' },
  busy: { status: 503, name: 'ServiceUnavailableError' },
};

/** Framework refusals (body parser, content type, rate limit) that carry no code of ours. */
const FRAMEWORK_ERRORS: Record<number, { name: string; code: ErrorCode }> = {
  400: { name: 'ValidationError', code: 'VALIDATION_FAILED' },
  404: { name: 'NotFoundError', code: 'ROUTE_NOT_FOUND' },
  413: { name: 'PayloadTooLargeError', code: 'BODY_TOO_LARGE' },
  415: { name: 'UnsupportedMediaTypeError', code: 'UNSUPPORTED_MEDIA_TYPE' },
  429: { name: 'RateLimitError', code: 'RATE_LIMITED' },
};

/** Rule 2: every failure leaves as `{ name, message, code?, statusCode, requestId, issues? }`; 5xx hide their cause. */
export const errorHandling = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const body = toErrorBody(error, request.id);
      if (error instanceof AppError && error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ err: { message: error.message, code: error.code } }, 'request refused');
      return reply.status(body.statusCode).send(body);
    });
    app.setNotFoundHandler((request, reply) => reply.status(404).send(routeNotFoundBody(request)));
  },
  { name: 'error-handling' },
);

export function routeNotFoundBody(request: FastifyRequest): ApiErrorBody {
  return {
    name: 'NotFoundError',
    message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    code: 'ROUTE_NOT_FOUND',
    statusCode: 404,
    requestId: request.id,
  };
}

export function toErrorBody(error: FastifyError | AppError, requestId: string): ApiErrorBody {
  if (error instanceof AppError) {
    const { status, name } = HTTP_OF_KIND[error.kind];
    return {
      name,
      message: error.message,
      code: error.code,
      statusCode: status,
      requestId,
      ...(customerFacingKinds.includes(error.kind) ? { customerFacing: true } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message ?? 'is not valid',
    }));
    return {
      name: 'ValidationError',
      message: issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      requestId,
      issues,
    };
  }
  const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (isResponseSerializationError(error) || statusCode >= 500) {
    return { name: 'InternalServerError', message: 'Internal Server Error', statusCode: 500, requestId };
  }
  const known = FRAMEWORK_ERRORS[statusCode] ?? FRAMEWORK_ERRORS[400]!;
  return { name: known.name, message: error.message, code: known.code, statusCode, requestId };
}
