import { Select, Skeleton, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatDay } from '@portal/schema/calendar-dates';
import { monthStartsIn, type StartWindow } from '@portal/schema/contract-signing';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../shared/site/site-context.tsx';
import { DateField } from '../../../shared/ui/date-field.tsx';

/** The day supply starts: any day of the window, or (Estonia, decision 036) one of its month starts. */
export function StartDateField<Values extends { startDate: string | null }>({
  form,
  window,
  label,
}: {
  form: UseFormReturnType<Values>;
  window: StartWindow | null;
  label: string;
}) {
  const { t } = useTranslation();
  const site = useSite();
  if (!window) return <Skeleton height={60} radius="md" aria-label={t('signing.loading')} />;
  const hint = window.firstOfMonthOnly
    ? t('signing.start.first-of-month', { earliest: formatDay(window.earliest) })
    : t('signing.start.window', { earliest: formatDay(window.earliest), latest: formatDay(window.latest), timezone: site.timezone });
  const input = form.getInputProps('startDate');
  return window.firstOfMonthOnly ? (
    <Select
      label={label}
      description={hint}
      data={monthStartsIn(window).map((day) => ({ value: day, label: formatDay(day) }))}
      required
      {...input}
    />
  ) : (
    <DateField label={label} description={hint} required minDate={window.earliest} maxDate={window.latest} {...input} />
  );
}

/** Step 3: when supply starts, by the rule of the place and the reason chosen in step 1. */
export function SignStartStep<Values extends { startDate: string | null }>({
  form,
  window,
  reasonText,
}: {
  form: UseFormReturnType<Values>;
  window: StartWindow | null;
  reasonText: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm">{reasonText}</Text>
      <StartDateField form={form} window={window} label={t('signing.start.label')} />
    </Stack>
  );
}
