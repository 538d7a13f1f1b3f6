import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@portal/schema/errors';

/** An error a route raises on purpose: its message is safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    override readonly name: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string, code?: string) => new HttpError(404, 'NotFoundError', message, code);
export const badRequest = (message: string, code?: string) => new HttpError(400, 'ValidationError', message, code);
export const forbidden = (message: string, code?: string) => new HttpError(403, 'ForbiddenError', message, code);

const nameForStatus: Record<number, string> = {
  400: 'ValidationError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  406: 'NotAcceptableError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  429: 'RateLimitError',
};

/** Rule 2: every failure leaves as `{ name, message, code?, statusCode, requestId, issues? }`; 5xx hide their cause. */
export const errorHandling = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const body = toErrorBody(error, request.id);
      if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ err: { message: error.message, code: error.code } }, 'request refused');
      return reply.status(body.statusCode).send(body);
    });
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({
        name: 'NotFoundError',
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        statusCode: 404,
        requestId: request.id,
      } satisfies ApiErrorBody),
    );
  },
  { name: 'error-handling' },
);

function toErrorBody(error: FastifyError, requestId: string): ApiErrorBody {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message ?? 'is not valid',
    }));
    return {
      name: 'ValidationError',
      message: issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '),
      statusCode: 400,
      requestId,
      issues,
    };
  }
  if (error instanceof HttpError) {
    return { name: error.name, message: error.message, code: error.code, statusCode: error.statusCode, requestId };
  }
  if (isResponseSerializationError(error)) {
    return { name: 'InternalServerError', message: 'Internal Server Error', statusCode: 500, requestId };
  }
  const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  if (statusCode >= 500) {
    return { name: 'InternalServerError', message: 'Internal Server Error', statusCode, requestId };
  }
  return {
    name: nameForStatus[statusCode] ?? 'BadRequestError',
    message: error.message,
    code: error.code,
    statusCode,
    requestId,
  };
}
