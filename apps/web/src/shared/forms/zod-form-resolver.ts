import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * Validates a `@mantine/form` form with the request schema of `@portal/schema` that the server checks the same call
 * with (rule 2), so browser and server cannot disagree on what is valid. The schema's messages are the API's
 * English; the form names its own translated message for each failed issue (first one per field).
 */
export function zodFormResolver<Schema extends z.ZodType>(schema: Schema, messageFor: (issue: z.core.$ZodIssue) => string) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= messageFor(issue);
    return errors;
  };
}
