import { queryOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import type { MeterReading, MeterReadingList, MeterReadingRequest } from '@portal/schema/meter-readings';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/meter-readings (docs/decisions/112): a metering point's register readings, newest first. */
export const meterReadingsQueryOptions = (meteringPointId: string) =>
  queryOptions({
    queryKey: queryKeys.readings.meterReadings(meteringPointId),
    queryFn: ({ signal }) => api<MeterReadingList>('/api/meter-readings', { query: { meteringPointId }, signal }),
  });

/** The reading as JSON, or with its photo as multipart: the JSON in the part "request", the photo in "files" (055). */
function bodyOf(request: MeterReadingRequest, photo: File | null): object | FormData {
  if (!photo) return request;
  const form = new FormData();
  form.append('request', JSON.stringify(request));
  form.append('files', photo, photo.name);
  return form;
}

/** POST /api/meter-readings: a refusal (422) reaches the one api-error notification with its code's text. */
export function useEnterMeterReading() {
  return useRefreshingMutation(
    ({ request }) => queryKeys.readings.meterReadings(request.meteringPointId),
    ({ request, photo }: { request: MeterReadingRequest; photo: File | null }) =>
      api<MeterReading>('/api/meter-readings', { method: 'POST', body: bodyOf(request, photo) }),
  );
}
