import { apiErrorBody } from '@portal/schema/errors';

/** What any guarded route may answer besides success: bad input, no session, no right, nothing of yours. */
export const guardedErrors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody } as const;

/** A business rule said no (spec §8: 422, yellow, customer-facing). */
export const refusedError = { 422: apiErrorBody } as const;
