import { z } from 'zod';

/** Rule 2 of ARCHITECTURE.md: every error the API sends has this body. */
export const apiErrorBody = z
  .object({
    name: z.string(),
    message: z.string(),
    code: z.string().optional(),
    statusCode: z.number().int(),
    requestId: z.string(),
    customerFacing: z.boolean().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
