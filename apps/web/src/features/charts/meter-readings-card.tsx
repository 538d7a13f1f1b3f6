import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@portal/schema/calendar-dates';
import {
  isOverridableReadingCheck,
  registerThousandths,
  METER_PHOTO_ACCEPT,
  meterReadingRequest,
  OVERRIDE_REASON_MAX,
  OVERRIDE_REASON_MIN,
  type MeterReading,
  type MeterReadingList,
  type OverridableReadingCheck,
  type RegisterUnit,
} from '@portal/schema/meter-readings';
import { MAX_ATTACHMENT_BYTES } from '@portal/schema/support';
import { ApiError } from '../../shared/api/api-error.ts';
import { useActorInfo } from '../../shared/auth/actor-info.ts';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { DateField } from '../../shared/ui/date-field.tsx';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { meterReadingsQueryOptions, useEnterMeterReading } from './meter-readings-queries.ts';
import { STATUS_COLOURS as PALETTE } from '../../shared/ui/status-colours.ts';

/** Dark enough for white text (≥ 6:1) on any theme, as the ticket and contract status chips. */
const STATUS_COLOURS: Record<MeterReading['status'], string> = { CURRENT: PALETTE.done, SUPERSEDED: PALETTE.neutral };

type Values = { value: string; readOn: string | null; meterChanged: boolean; photo: File | null; overrideReason: string };

/** A refusal staff may set aside, for the value and day it was given for (decision 130). */
type Refusal = { code: OverridableReadingCheck; value: string; readOn: string | null };

const formatRegister = (value: string, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(Number(value));

/**
 * Readings the customer enters for a hand-read meter (docs/decisions/112, 130), under the chart of that metering point
 * on sites with METER_READING_ENTRY: the register with its unit and the day it was read (today by default, within the
 * server's window), "the meter was changed" when the value is lower than the reading before that day, an optional
 * photo, and the past readings with who read them, whether a measured one replaced them and whether customer service
 * stored one the checks refused. Staff acting for the customer are offered "Store anyway" with a reason on a refusal.
 */
export function MeterReadingsCard({ meteringPointId }: { meteringPointId: string }) {
  const query = useQuery(meterReadingsQueryOptions(meteringPointId));
  // A remotely read meter reports itself: nothing to enter.
  if (query.data && !query.data.readByHand) return null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="meter-readings-title">
      <MeterReadingsBody meteringPointId={meteringPointId} query={query} />
    </Paper>
  );
}

function MeterReadingsBody({ meteringPointId, query }: { meteringPointId: string; query: UseQueryResult<MeterReadingList> }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const data = query.data;
  const unitLabel = (unit: RegisterUnit) => t(`meterReadings.unit.${unit}`);
  const last = data?.readings.find((reading) => reading.status === 'CURRENT');
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} size="h4" id="meter-readings-title">
          {t('meterReadings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('meterReadings.description')}
        </Text>
      </Stack>
      {!data ? (
        <LoadState query={query} height={160} />
      ) : (
        <>
          {last && (
            <Text size="sm">
              {t('meterReadings.last', {
                value: `${formatRegister(last.value, locale)} ${unitLabel(data.unit)}`,
                date: formatDay(last.readOn),
              })}
            </Text>
          )}
          <ReadingForm meteringPointId={meteringPointId} unit={unitLabel(data.unit)} list={data} />
          <ReadingHistory readings={data.readings} unit={unitLabel(data.unit)} />
        </>
      )}
    </Stack>
  );
}

function ReadingForm({ meteringPointId, unit, list }: { meteringPointId: string; unit: string; list: MeterReadingList }) {
  const { t, i18n } = useTranslation();
  const enter = useEnterMeterReading();
  const staff = useActorInfo({ enabled: true }).data?.actingAs === 'staff';
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const days = list.entryWindow;
  const form = useForm<Values>({
    initialValues: { value: '', readOn: days.to, meterChanged: false, photo: null, overrideReason: '' },
    validateInputOnChange: ['photo'],
    validate: (values) => {
      const errors = zodFormResolver(meterReadingRequest, () => t('meterReadings.value.invalid'))({
        meteringPointId,
        value: values.value,
        meterChanged: values.meterChanged,
      });
      if (!values.readOn) errors['readOn'] = t('meterReadings.readOn.required');
      if (values.photo && values.photo.size > MAX_ATTACHMENT_BYTES) errors['photo'] = t('meterReadings.photo.too-large');
      return errors;
    },
  });
  const readOn = form.values.readOn ?? days.to;
  // The reading a new one is compared with first: the newest not replaced on its day or before (a past day's neighbour).
  const previous = list.readings.find((reading) => reading.status === 'CURRENT' && reading.readOn <= readOn) ?? null;
  const typed = registerThousandths(form.values.value);
  const lower = previous !== null && typed !== null && typed < registerThousandths(previous.value)!;
  const refused = staff && refusal !== null && refusal.value === form.values.value && refusal.readOn === form.values.readOn;
  const send = (values: Values, override: { reason: string } | undefined) =>
    enter.mutate(
      {
        request: {
          meteringPointId,
          value: values.value,
          meterChanged: lower && values.meterChanged,
          readOn: values.readOn ?? undefined,
          ...(override ? { override } : {}),
        },
        photo: values.photo,
      },
      {
        onSuccess: () => {
          form.reset();
          setRefusal(null);
          notifications.show({ color: 'green', message: t('meterReadings.sent') });
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : undefined;
          setRefusal(isOverridableReadingCheck(code) ? { code, value: values.value, readOn: values.readOn } : null);
        },
      },
    );
  const submit = form.onSubmit((values) => send(values, undefined));
  const storeAnyway = () => {
    const reason = form.values.overrideReason.trim();
    if (reason.length < OVERRIDE_REASON_MIN || reason.length > OVERRIDE_REASON_MAX) {
      form.setFieldError(
        'overrideReason',
        t('meterReadings.override.reason.invalid', { min: OVERRIDE_REASON_MIN, max: OVERRIDE_REASON_MAX }),
      );
      return;
    }
    send(form.values, { reason });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
        <DateField
          label={t('meterReadings.readOn')}
          description={t('meterReadings.readOn.description', { first: formatDay(days.from) })}
          required
          minDate={days.from}
          maxDate={days.to}
          {...form.getInputProps('readOn')}
        />
        <NumberInput
          label={t('meterReadings.value')}
          description={t('meterReadings.value.description')}
          required
          min={0}
          decimalScale={3}
          allowNegative={false}
          thousandSeparator={false}
          inputMode="decimal"
          rightSection={
            <Text size="sm" c="dimmed" pr="xs">
              {unit}
            </Text>
          }
          rightSectionWidth={64}
          {...form.getInputProps('value')}
          value={form.values.value}
          onChange={(value) => form.setFieldValue('value', typeof value === 'number' ? String(value) : value.replace(',', '.'))}
        />
        {lower && previous && (
          <Stack gap={6}>
            <Text size="sm" fw={600} role="status">
              {t('meterReadings.lower', { value: `${formatRegister(previous.value, i18n.language)} ${unit}` })}
            </Text>
            <Checkbox label={t('meterReadings.meterChanged')} {...form.getInputProps('meterChanged', { type: 'checkbox' })} />
          </Stack>
        )}
        <FileInput
          clearable
          accept={METER_PHOTO_ACCEPT}
          label={t('meterReadings.photo')}
          description={t('meterReadings.photo.description')}
          leftSection={<IconCamera size={16} aria-hidden />}
          {...form.getInputProps('photo')}
        />
        <Group>
          <Button type="submit" loading={enter.isPending}>
            {t('meterReadings.submit')}
          </Button>
        </Group>
        {refused && (
          // The title as body text: the theme's yellow title colour does not hold 4.5:1 on the alert's own background.
          <Alert color="yellow" data-testid="meter-reading-override">
            <Stack gap="sm">
              <Text size="sm" fw={700}>
                {t('meterReadings.override.title')}
              </Text>
              <Text size="sm">{t(`errors.codes.${refusal.code}`)}</Text>
              <Text size="sm">{t('meterReadings.override.description')}</Text>
              <Textarea
                label={t('meterReadings.override.reason')}
                required
                minRows={3}
                maxLength={OVERRIDE_REASON_MAX}
                {...form.getInputProps('overrideReason')}
              />
              <Group>
                <Button color={PALETTE.waiting} onClick={storeAnyway} loading={enter.isPending}>
                  {t('meterReadings.override.submit')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </form>
  );
}

function ReadingHistory({ readings, unit }: { readings: MeterReading[]; unit: string }) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('meterReadings.history')}
      </Title>
      {readings.length === 0 ? (
        <Text size="sm">{t('meterReadings.empty')}</Text>
      ) : (
        // The scroll area takes focus, so a keyboard can scroll the table where it is wider than a phone.
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('meterReadings.history') }}>
          <Table miw={560} aria-label={t('meterReadings.history')} data-testid="meter-readings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('meterReadings.column.date')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('meterReadings.column.value')}
                </Table.Th>
                <Table.Th scope="col">{t('meterReadings.column.source')}</Table.Th>
                <Table.Th scope="col">{t('meterReadings.column.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {readings.map((reading) => (
                <Table.Tr key={reading.id}>
                  <Table.Td>{formatDay(reading.readOn)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {`${formatRegister(reading.value, i18n.language)} ${unit}`}
                    {reading.meterChanged && (
                      <Badge ml="xs" size="sm" variant="filled" color={STATUS_COLOURS.SUPERSEDED}>
                        {t('meterReadings.new-meter')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {reading.source === 'MEASURED'
                      ? t('meterReadings.source.MEASURED', { company: site.companyName })
                      : t(`meterReadings.source.${reading.enteredBy ?? 'self'}`)}
                    {reading.hasPhoto && (
                      <>
                        {' · '}
                        <Anchor href={`/api/meter-readings/${encodeURIComponent(reading.id)}/photo`} download>
                          {t('meterReadings.photo-link')}
                        </Anchor>
                      </>
                    )}
                    {reading.override && (
                      <Stack gap={2} mt={4} align="flex-start">
                        <Badge size="sm" variant="filled" color={PALETTE.waiting}>
                          {t('meterReadings.override.badge')}
                        </Badge>
                        <Text size="xs">{t('meterReadings.override.shown', { reason: reading.override.reason })}</Text>
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="filled" color={STATUS_COLOURS[reading.status]}>
                      {t(`meterReadings.status.${reading.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
