import { Badge, Button, Card, Container, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FIRST_DAY_OF_WEEK } from '@portal/schema/calendar-dates';
import type { BundleLocaleId } from '@portal/schema/locale-ids';
import {
  MAX_OUTAGE_DESCRIPTION_LENGTH,
  plannedOutageRequest,
  type OperatorOutage,
  type PlannedOutageRequest,
} from '@portal/schema/operator-outages';
import { OUTAGE_CAUSES, type OutageCause, type OutageStatus } from '@portal/schema/outages';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { dateLocaleOf } from '../../shared/format/date-locale.ts';
import '../../shared/format/date-locales.ts';
import { inSiteTime } from '../../shared/format/site-time.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { openConfirm } from '../../shared/ui/confirm-modal.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { STATUS_COLOURS as PALETTE } from '../../shared/ui/status-colours.ts';
import { operatorOutagesQueryOptions, useCancelPlannedOutage, useSavePlannedOutage } from './operator-outage-queries.ts';

const WALL_CLOCK = 'YYYY-MM-DD HH:mm';

const STATUS_COLOURS: Record<OutageStatus, string> = {
  current: PALETTE.problem,
  planned: PALETTE.waiting,
  ended: PALETTE.done,
  cancelled: PALETTE.neutral,
};

/** What the form holds: the area as the staff type it, a list separated by commas or spaces. */
type FormValues = Omit<PlannedOutageRequest, 'postalCodes' | 'gsrns' | 'description'> & {
  description: string;
  postalCodes: string;
  gsrns: string;
};

const listOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const requestOf = (values: FormValues): PlannedOutageRequest => ({
  ...values,
  postalCodes: listOf(values.postalCodes),
  gsrns: listOf(values.gsrns),
});

/** A new outage starts by default two days ahead at 09:00 and lasts three hours, on the site's clock. */
function initialValues(editing: OperatorOutage | null, timezone: string): FormValues {
  if (editing) {
    return {
      gridArea: editing.gridArea,
      cause: editing.cause,
      description: editing.description,
      startsAt: editing.startsAt,
      estimatedEndAt: editing.estimatedEndAt,
      postalCodes: editing.postalCodes.join(', '),
      gsrns: editing.gsrns.join(', '),
    };
  }
  const start = inSiteTime(new Date(), timezone).add(2, 'day').hour(9).minute(0);
  return {
    gridArea: '',
    cause: 'maintenance',
    description: '',
    startsAt: start.format(WALL_CLOCK),
    estimatedEndAt: start.add(3, 'hour').format(WALL_CLOCK),
    postalCodes: '',
    gsrns: '',
  };
}

function messageOf(issue: z.core.$ZodIssue, t: TFunction): string {
  const field = String(issue.path[0] ?? '');
  if (field === 'gridArea') return t('outages.staff.form.error.grid-area');
  if (field === 'estimatedEndAt' && issue.code === 'custom') return t('outages.staff.form.error.end');
  if (field === 'startsAt' || field === 'estimatedEndAt') return t('outages.staff.form.error.time');
  if (field === 'postalCodes' && issue.path.length === 1) return t('outages.staff.form.error.area');
  if (field === 'postalCodes') return t('outages.staff.form.error.postal-code');
  return t('outages.staff.form.error.gsrn');
}

/**
 * /staff/outages (docs/decisions/126): a network operator's staff publish a planned outage — area by postal codes and
 * metering points, window on the site's clock, reason — change or cancel it before it begins, and see what was told.
 */
export function StaffOutagesPage() {
  const { t } = useTranslation();
  usePageTitle(t('outages.staff.title'));
  const outages = useQuery(operatorOutagesQueryOptions);
  const [editing, setEditing] = useState<OperatorOutage | null>(null);
  const cancel = useCancelPlannedOutage();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('outages.staff.title')}</Title>
          <Text c="dimmed">{t('outages.staff.description')}</Text>
        </Stack>
        <PlannedOutageForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        <Stack gap="sm" component="section" aria-labelledby="staff-outages-list">
          <Title order={2} size="h3" id="staff-outages-list">
            {t('outages.staff.list.title')}
          </Title>
          {!outages.data ? (
            <LoadState query={outages} height={160} />
          ) : outages.data.length ? (
            outages.data.map((outage) => (
              <OperatorOutageCard
                key={outage.id}
                outage={outage}
                onEdit={() => setEditing(outage)}
                onCancel={() =>
                  // Cancelling tells every contact already told: asked once more, as a slip of the mouse would reach customers.
                  openConfirm({
                    title: t('outages.staff.cancel-confirm.title'),
                    children: t('outages.staff.cancel-confirm.body', { area: outage.gridArea }),
                    labels: { confirm: t('outages.staff.cancel-confirm.confirm'), cancel: t('outages.staff.cancel-confirm.keep') },
                    danger: true,
                    onConfirm: () =>
                      cancel.mutate(outage.id, {
                        onSuccess: () => {
                          notifications.show({ color: 'green', message: t('outages.staff.cancelled') });
                          if (editing?.id === outage.id) setEditing(null);
                        },
                      }),
                  })
                }
                busy={cancel.isPending}
              />
            ))
          ) : (
            <Text>{t('outages.staff.list.none')}</Text>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}

function PlannedOutageForm({ editing, onDone }: { editing: OperatorOutage | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const save = useSavePlannedOutage();
  const validateRequest = zodFormResolver(plannedOutageRequest, (issue) => messageOf(issue, t));
  const form = useForm<FormValues>({
    initialValues: initialValues(editing, site.timezone),
    validate: (values) => {
      // The schema names the list item (postalCodes.1); the form shows one message under the field.
      const errors: Record<string, string> = {};
      for (const [path, message] of Object.entries(validateRequest(requestOf(values)))) {
        errors[path.split('.')[0]!] ??= message as string;
      }
      return errors;
    },
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: editing?.id ?? null, request: requestOf(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t(editing ? 'outages.staff.form.saved' : 'outages.staff.form.published') });
          if (editing) onDone();
          else form.reset();
        },
      },
    ),
  );
  const dateProps: Partial<DateTimePickerProps> = {
    valueFormat: 'DD.MM.YYYY HH:mm',
    firstDayOfWeek: FIRST_DAY_OF_WEEK,
    locale: dateLocaleOf(i18n.language as BundleLocaleId),
    description: t('outages.staff.form.site-clock', { timezone: site.timezone }),
    required: true,
    submitButtonProps: { 'aria-label': t('outages.staff.form.pick-time') },
  };
  const dateInput = (field: 'startsAt' | 'estimatedEndAt') => {
    const input = form.getInputProps(field);
    return {
      value: (input.value as string) || null,
      // The picker answers `YYYY-MM-DD HH:mm:ss`; the window is kept to the minute.
      onChange: (value: string | null) => form.setFieldValue(field, value ? value.slice(0, 16) : ''),
      error: input.error as string | undefined,
    };
  };
  const titleId = 'staff-outage-form-title';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id={titleId}>
            {t(editing ? 'outages.staff.form.edit' : 'outages.staff.form.new')}
          </Title>
          <Group grow align="flex-start">
            <TextInput label={t('outages.staff.form.grid-area')} required {...form.getInputProps('gridArea')} />
            <Select
              label={t('outages.staff.form.cause')}
              allowDeselect={false}
              data={OUTAGE_CAUSES.map((value) => ({ value, label: t(`outages.cause.${value}`) }))}
              {...form.getInputProps('cause')}
              onChange={(value) => form.setFieldValue('cause', (value ?? 'maintenance') as OutageCause)}
            />
          </Group>
          <Group grow align="flex-start">
            <DateTimePicker label={t('outages.staff.form.starts')} {...dateProps} {...dateInput('startsAt')} />
            <DateTimePicker label={t('outages.staff.form.ends')} {...dateProps} {...dateInput('estimatedEndAt')} />
          </Group>
          <TextInput
            label={t('outages.staff.form.postal-codes')}
            description={t('outages.staff.form.postal-codes-hint')}
            {...form.getInputProps('postalCodes')}
          />
          <TextInput
            label={t('outages.staff.form.gsrns')}
            description={t('outages.staff.form.gsrns-hint')}
            {...form.getInputProps('gsrns')}
          />
          <Textarea
            label={t('outages.staff.form.description')}
            rows={2}
            maxLength={MAX_OUTAGE_DESCRIPTION_LENGTH}
            {...form.getInputProps('description')}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t(editing ? 'outages.staff.form.save' : 'outages.staff.form.publish')}
            </Button>
            {editing && (
              <Button variant="default" onClick={onDone}>
                {t('outages.staff.form.discard')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function OperatorOutageCard({
  outage,
  onEdit,
  onCancel,
  busy,
}: {
  outage: OperatorOutage;
  onEdit: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const titleId = `staff-outage-${outage.id}`;
  const shown = (wallClock: string) => `${wallClock.slice(8, 10)}.${wallClock.slice(5, 7)}.${wallClock.slice(0, 4)} ${wallClock.slice(11)}`;
  const area = [...outage.postalCodes, ...outage.gsrns].join(', ');
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={titleId}>
            {outage.gridArea}
          </Title>
          <Badge color={STATUS_COLOURS[outage.status]} variant="filled">
            {t(`outages.status.${outage.status}`)}
          </Badge>
        </Group>
        <Text>
          {shown(outage.startsAt)} – {shown(outage.estimatedEndAt)} · {t(`outages.cause.${outage.cause}`)}
        </Text>
        {outage.description && <Text size="sm">{outage.description}</Text>}
        <Text size="sm">{t('outages.staff.list.area', { area })}</Text>
        <Text size="sm">{t('outages.staff.list.affected', { count: outage.affectedContracts })}</Text>
        <Text size="sm">{t('outages.staff.list.notices', outage.notices)}</Text>
        {outage.editable && (
          <Group>
            <Button variant="light" onClick={onEdit}>
              {t('outages.staff.edit')}
            </Button>
            <Button variant="default" onClick={onCancel} loading={busy}>
              {t('outages.staff.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
