import { Button, Group, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { hasWholeHourOffsets, siteUpdateRequest } from '@portal/schema/admin';
import { formatLocalDateTime } from '@portal/schema/calendar-dates';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { SettingsSection } from './settings-section.tsx';
import { useUpdateSite } from './site-settings-queries.ts';

/** Spec §7 PATCH /api/admin/site/{siteId}: the zone the site's days, hours and dates are counted in (rule 4). */
export function SiteTimezoneSection({ siteId, timezone }: { siteId: string; timezone: string }) {
  const { t } = useTranslation();
  const update = useUpdateSite(siteId);
  // Only zones whole hours from UTC: readings' days are kept on the site's clock (decision 081).
  const zones = useMemo(() => ['UTC', ...Intl.supportedValuesOf('timeZone')].filter((zone) => hasWholeHourOffsets(zone)), []);
  const form = useForm({
    initialValues: { timezone },
    validate: zodFormResolver(siteUpdateRequest, () => t('admin.timezone.invalid')),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.resetDirty();
        notifications.show({ color: 'green', message: t('admin.saved-next-load') });
      },
    }),
  );
  return (
    <SettingsSection id="admin-timezone" title={t('admin.timezone.title')} description={t('admin.timezone.description')}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('admin.timezone.label')}
            data={zones}
            searchable
            allowDeselect={false}
            maw={320}
            {...form.getInputProps('timezone')}
          />
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('admin.save')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          {t('admin.timezone.now', { time: formatLocalDateTime(new Date(), form.getValues().timezone) })}
        </Text>
      </form>
    </SettingsSection>
  );
}
