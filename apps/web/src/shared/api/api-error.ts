import type { ApiErrorBody } from '@portal/schema/errors';

/** A failed call: the server's error body, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ApiErrorBody>;

  constructor(status: number, body: Partial<ApiErrorBody>) {
    super(body.message ?? `Request failed with status ${status}`);
    this.name = body.name ?? (status === 0 ? 'NetworkError' : 'ApiError');
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body.code;
  }

  get customerFacing(): boolean {
    return this.body.customerFacing === true;
  }
}
