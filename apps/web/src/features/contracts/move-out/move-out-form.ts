import type { FormErrors } from '@mantine/form';
import { moveOutRequest, type MoveOutCountry, type MoveOutRequest } from '@portal/schema/move-out';

/** What the move-out form holds: the request's fields flat, the reading as typed (empty when not given). */
export type MoveOutValues = {
  endDate: string | null;
  street: string;
  postalCode: string;
  city: string;
  countryCode: MoveOutCountry;
  meterReadingKwh: number | string;
};

export const emptyMoveOut = (countryCode: MoveOutCountry): MoveOutValues => ({
  endDate: null,
  street: '',
  postalCode: '',
  city: '',
  countryCode,
  meterReadingKwh: '',
});

/** The request the form's values make; a reading only where `withReading` (the moving day has come). */
export function moveOutRequestOf(values: MoveOutValues, withReading: boolean): MoveOutRequest {
  const reading = values.meterReadingKwh;
  return {
    endDate: values.endDate ?? '',
    finalInvoiceAddress: { street: values.street, postalCode: values.postalCode, city: values.city, countryCode: values.countryCode },
    meterReadingKwh: withReading && reading !== '' ? Number(reading) : null,
  };
}

/** Form field of each request path, for the translated message the form shows under it. */
const FIELD_OF: Record<string, keyof MoveOutValues> = {
  endDate: 'endDate',
  'finalInvoiceAddress.street': 'street',
  'finalInvoiceAddress.postalCode': 'postalCode',
  'finalInvoiceAddress.city': 'city',
  'finalInvoiceAddress.countryCode': 'countryCode',
  meterReadingKwh: 'meterReadingKwh',
};

/** The server's own request schema checks the form (rule 2); each failed field gets the form's translated text. */
export function validateMoveOut(
  values: MoveOutValues,
  withReading: boolean,
  messageFor: (field: keyof MoveOutValues) => string,
): FormErrors {
  const result = moveOutRequest.safeParse(moveOutRequestOf(values, withReading));
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF[issue.path.join('.')];
    if (field) errors[field] ??= messageFor(field);
  }
  return errors;
}
