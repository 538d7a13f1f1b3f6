import { Alert, Button, Group, Modal, Select, SegmentedControl, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_SEVERITIES,
  announcementRequest,
  MAX_ANNOUNCEMENT_BODY_LENGTH,
  MAX_ANNOUNCEMENT_TITLE_LENGTH,
  type AdminAnnouncement,
  type AnnouncementRequest,
} from '@portal/schema/announcements';
import { FIRST_DAY_OF_WEEK } from '@portal/schema/calendar-dates';
import { utility as utilities } from '@portal/schema/enums';
import type { BundleLocaleId } from '@portal/schema/locale-ids';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { dateLocaleOf } from '../../shared/format/date-locale.ts';
import '../../shared/format/date-locales.ts';
import { inSiteTime } from '../../shared/format/site-time.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { useSaveAnnouncement } from './announcement-admin-queries.ts';

type Props = { opened: boolean; editing: AdminAnnouncement | null; onClose: () => void };

const WALL_CLOCK = 'YYYY-MM-DD HH:mm';

/** A new announcement starts now on the site's clock and runs a week; every language of the site is offered. */
function initialValues(editing: AdminAnnouncement | null, timezone: string, locales: readonly string[]): AnnouncementRequest {
  const now = inSiteTime(new Date(), timezone);
  const textOf = (locale: string) => editing?.texts.find((text) => text.locale === locale);
  return {
    audience: editing?.audience ?? 'all',
    utility: editing?.utility ?? null,
    severity: editing?.severity ?? 'info',
    validFrom: editing?.validFrom ?? now.format(WALL_CLOCK),
    validUntil: editing?.validUntil ?? now.add(7, 'day').format(WALL_CLOCK),
    texts: locales.map((locale) => ({
      locale: locale as AnnouncementRequest['texts'][number]['locale'],
      title: textOf(locale)?.title ?? '',
      body: textOf(locale)?.body ?? '',
    })),
  };
}

/**
 * Create and edit (spec §7 admin calls): @mantine/form over the shared request schema, the period picked on the
 * site's clock, one tab per language of the site. The server sanitises the text when it saves it.
 */
export function AnnouncementForm({ opened, editing, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const save = useSaveAnnouncement(site.id);
  const locales = site.locales.map((locale) => locale.id);
  const form = useForm<AnnouncementRequest>({
    initialValues: initialValues(editing, site.timezone, locales),
    validate: zodFormResolver(announcementRequest, (issue) => messageOf(issue, t)),
  });
  const tabErrors = (index: number) => !!(form.errors[`texts.${index}.title`] ?? form.errors[`texts.${index}.body`]);

  const submit = form.onSubmit((request) =>
    save.mutate(
      { id: editing?.id ?? null, request: { ...request, utility: request.audience === 'utility' ? request.utility : null } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('announcements.admin.saved') });
          onClose();
        },
      },
    ),
  );
  const dateProps: Partial<DateTimePickerProps> = {
    valueFormat: 'DD.MM.YYYY HH:mm',
    firstDayOfWeek: FIRST_DAY_OF_WEEK,
    locale: dateLocaleOf(i18n.language as BundleLocaleId),
    description: t('announcements.form.site-clock', { timezone: site.timezone }),
    required: true,
    submitButtonProps: { 'aria-label': t('announcements.form.pick-time') },
  };
  const dateInput = (field: 'validFrom' | 'validUntil') => {
    const input = form.getInputProps(field);
    return {
      value: (input.value as string) || null,
      // The picker answers `YYYY-MM-DD HH:mm:ss`; the period is kept to the minute.
      onChange: (value: string | null) => form.setFieldValue(field, value ? value.slice(0, 16) : ''),
      error: input.error as string | undefined,
    };
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={editing ? t('announcements.form.title-edit') : t('announcements.form.title-new')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start">
            <Select
              label={t('announcements.form.audience')}
              data={ANNOUNCEMENT_AUDIENCES.map((value) => ({ value, label: t(`announcements.audience.${value}`) }))}
              allowDeselect={false}
              {...form.getInputProps('audience')}
              onChange={(value) => {
                form.setFieldValue('audience', (value ?? 'all') as AnnouncementRequest['audience']);
                // A utility belongs to the utility audience only; a hidden leftover choice would fail the schema unseen.
                if (value !== 'utility') form.setFieldValue('utility', null);
              }}
            />
            {form.values.audience === 'utility' && (
              <Select
                label={t('announcements.form.utility')}
                required
                data={utilities.options.map((value) => ({ value, label: t(`utility.${value}`) }))}
                {...form.getInputProps('utility')}
              />
            )}
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="announcement-severity">
              {t('announcements.form.severity')}
            </Text>
            <SegmentedControl
              aria-labelledby="announcement-severity"
              data={ANNOUNCEMENT_SEVERITIES.map((value) => ({ value, label: t(`announcements.severity.${value}`) }))}
              {...form.getInputProps('severity')}
            />
          </Stack>
          <Group grow align="flex-start">
            <DateTimePicker label={t('announcements.form.valid-from')} {...dateProps} {...dateInput('validFrom')} />
            <DateTimePicker label={t('announcements.form.valid-until')} {...dateProps} {...dateInput('validUntil')} />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('announcements.form.texts')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('announcements.form.texts-hint', {
                language: site.locales.find((locale) => locale.id === site.defaultLocaleId)?.name ?? '',
              })}
            </Text>
          </Stack>
          {form.errors.texts && (
            <Alert color="red" variant="light" role="alert">
              {form.errors.texts}
            </Alert>
          )}
          <Tabs defaultValue={locales[0]} keepMounted={false}>
            <Tabs.List>
              {site.locales.map((locale, index) => (
                <Tabs.Tab key={locale.id} value={locale.id} c={tabErrors(index) ? 'red' : undefined}>
                  {locale.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {site.locales.map((locale, index) => (
              <Tabs.Panel key={locale.id} value={locale.id} pt="sm">
                <Stack gap="sm">
                  <TextInput
                    label={t('announcements.form.title')}
                    maxLength={MAX_ANNOUNCEMENT_TITLE_LENGTH + 20}
                    {...form.getInputProps(`texts.${index}.title`)}
                  />
                  <Textarea
                    label={t('announcements.form.body')}
                    description={t('announcements.form.body-hint')}
                    rows={6}
                    maxLength={MAX_ANNOUNCEMENT_BODY_LENGTH + 200}
                    {...form.getInputProps(`texts.${index}.body`)}
                  />
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('announcements.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('announcements.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The shared schema's issue, in the administrator's language. */
function messageOf(issue: z.core.$ZodIssue, t: TFunction): string {
  const field = String(issue.path[issue.path.length - 1] ?? '');
  if (issue.code === 'too_big') return t('announcements.form.error.too-long', { max: Number(issue.maximum) });
  if (issue.path[0] === 'texts' && issue.path.length === 1) return t('announcements.form.error.no-text');
  if (field === 'title' || field === 'body') return t('announcements.form.error.both');
  if (field === 'validUntil' && issue.code === 'custom' && /after/.test(issue.message))
    return t('announcements.form.error.until-after-from');
  if (field === 'validFrom' || field === 'validUntil') return t('announcements.form.error.date');
  if (field === 'utility') return t('announcements.form.error.utility');
  return t('announcements.form.error.invalid');
}
