import { z } from 'zod';

export const healthResponse = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.string()).optional() });
