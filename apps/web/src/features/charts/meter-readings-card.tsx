import {
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
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@portal/schema/calendar-dates';
import {
  registerThousandths,
  METER_PHOTO_ACCEPT,
  meterReadingRequest,
  type MeterReading,
  type MeterReadingList,
  type RegisterUnit,
} from '@portal/schema/meter-readings';
import { MAX_ATTACHMENT_BYTES } from '@portal/schema/support';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { meterReadingsQueryOptions, useEnterMeterReading } from './meter-readings-queries.ts';
import { STATUS_COLOURS as PALETTE } from '../../shared/ui/status-colours.ts';

/** Dark enough for white text (≥ 6:1) on any theme, as the ticket and contract status chips. */
const STATUS_COLOURS: Record<MeterReading['status'], string> = { CURRENT: PALETTE.done, SUPERSEDED: PALETTE.neutral };

type Values = { value: string; meterChanged: boolean; photo: File | null };

const formatRegister = (value: string, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(Number(value));

/**
 * Readings the customer enters for a hand-read meter (docs/decisions/112), under the chart of that metering point on
 * sites with METER_READING_ENTRY: the register with its unit, "the meter was changed" when the value is lower than the
 * last reading, an optional photo, and the past readings with who read them and whether a measured one replaced them.
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
          <ReadingForm meteringPointId={meteringPointId} unit={unitLabel(data.unit)} last={last ?? null} />
          <ReadingHistory readings={data.readings} unit={unitLabel(data.unit)} />
        </>
      )}
    </Stack>
  );
}

function ReadingForm({ meteringPointId, unit, last }: { meteringPointId: string; unit: string; last: MeterReading | null }) {
  const { t, i18n } = useTranslation();
  const enter = useEnterMeterReading();
  const form = useForm<Values>({
    initialValues: { value: '', meterChanged: false, photo: null },
    validateInputOnChange: ['photo'],
    validate: (values) => {
      const errors = zodFormResolver(meterReadingRequest, () => t('meterReadings.value.invalid'))({
        meteringPointId,
        value: values.value,
        meterChanged: values.meterChanged,
      });
      if (values.photo && values.photo.size > MAX_ATTACHMENT_BYTES) errors['photo'] = t('meterReadings.photo.too-large');
      return errors;
    },
  });
  const typed = registerThousandths(form.values.value);
  const lower = last !== null && typed !== null && typed < registerThousandths(last.value)!;
  const submit = form.onSubmit((values) =>
    enter.mutate(
      { request: { meteringPointId, value: values.value, meterChanged: lower && values.meterChanged }, photo: values.photo },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'green', message: t('meterReadings.sent') });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={480}>
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
        {lower && last && (
          <Stack gap={6}>
            <Text size="sm" fw={600} role="status">
              {t('meterReadings.lower', { value: `${formatRegister(last.value, i18n.language)} ${unit}` })}
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
