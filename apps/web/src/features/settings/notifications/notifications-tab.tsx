import { Button, Card, Group, MultiSelect, NumberInput, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  createNotificationSettingRequest,
  MAX_MARGIN_KW,
  notificationUpdate,
  type Contact,
  type NotificationSetting,
  type NotificationSubject,
} from '@portal/schema/settings';
import { zodFormResolver } from '../../../shared/forms/zod-form-resolver.ts';
import { useContacts } from '../contacts/contacts-queries.ts';
import {
  useCreateNotificationSetting,
  useNotificationSettings,
  useNotificationSubjects,
  useUpdateNotificationSetting,
} from './notification-settings-queries.ts';
import { useLeavePageGuard } from '../../../shared/forms/use-leave-page-guard.ts';
import { useFormDraft } from '../../../shared/forms/use-form-draft.ts';
import { useFeature } from '../../../shared/site/site-context.tsx';
import { NotificationHistory } from './notification-history-list.tsx';
import { unitText } from '@portal/schema/units';
import { allOf, LoadState } from '../../../shared/ui/load-state.tsx';

type ContractNotificationChannel = NotificationSetting['channel'];

/**
 * Channels the tab offers for a subject: alerts go by e-mail, text message and (where the site has push) push; a
 * letter only for outages, which the utility may post (docs/decisions/043).
 */
const ALERT_CHANNELS = ['Email', 'Gsm', 'PushNotification'] as const satisfies readonly ContractNotificationChannel[];
const OUTAGE_CHANNELS = ['Email', 'Gsm', 'Post', 'PushNotification'] as const satisfies readonly ContractNotificationChannel[];
function channelsOf(subject: NotificationSubject['subject'], push: boolean): ContractNotificationChannel[] {
  const channels: readonly ContractNotificationChannel[] = subject === 'OUTAGE' ? OUTAGE_CHANNELS : ALERT_CHANNELS;
  return channels.filter((channel) => push || channel !== 'PushNotification');
}
/** The contact method each channel sends to; Post goes to the postal address. */
const CONTACT_METHOD: Partial<Record<ContractNotificationChannel, Contact['method']>> = { Email: 'Email', Gsm: 'Gsm' };

/** Spec §3 notifications: per subject the channels chosen, each on or off, with thresholds and contacts. */
export function NotificationsTab() {
  const { t } = useTranslation();
  const subjectsQuery = useNotificationSubjects();
  const settingsQuery = useNotificationSettings();
  const contactsQuery = useContacts();
  const [subjects, settings, contacts] = [subjectsQuery.data, settingsQuery.data, contactsQuery.data];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('settings.notifications.title')}
        </Title>
        <Text c="dimmed">{t('settings.notifications.description')}</Text>
      </Stack>
      {!subjects || !settings || !contacts ? (
        <LoadState query={allOf(subjectsQuery, settingsQuery, contactsQuery)} height={300} />
      ) : (
        subjects.map((subject) => (
          <SubjectCard
            key={subject.subject}
            subject={subject}
            settings={settings.filter((setting) => setting.subject === subject.subject)}
            contacts={contacts}
          />
        ))
      )}
      <NotificationHistory />
    </Stack>
  );
}

function SubjectCard({
  subject,
  settings,
  contacts,
}: {
  subject: NotificationSubject;
  settings: NotificationSetting[];
  contacts: Contact[];
}) {
  const { t } = useTranslation();
  const create = useCreateNotificationSetting();
  const channels = channelsOf(subject.subject, useFeature('PUSH_NOTIFICATIONS'));
  const unused = channels.filter((channel) => !settings.some((setting) => setting.channel === channel));
  const title = t(`settings.notifications.subject.${subject.subject}`);
  // The new setting is the server's request (subject, channel, on, to the channel's primary contact).
  const form = useForm<{ channel: string | null }>({
    initialValues: { channel: null },
    validate: zodFormResolver(createNotificationSettingRequest.pick({ channel: true }), () => t('settings.notifications.choose-channel')),
  });
  const add = form.onSubmit(({ channel }) => {
    const chosen = channels.find((candidate) => candidate === channel);
    if (!chosen) return;
    const method = CONTACT_METHOD[chosen];
    const primary = contacts.find((item) => item.method === method && item.primary);
    create.mutate(
      {
        subject: subject.subject,
        channel: chosen,
        enabled: true,
        threshold: null,
        contactsIds: primary ? [primary.id] : [],
        // A power peak alert starts half a kilowatt below the peak: time to put off the sauna or the car (decision 128).
        ...(subject.marginUnit ? { marginKw: DEFAULT_MARGIN_KW } : {}),
      },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'green', message: t('settings.notifications.added') });
        },
      },
    );
  });
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {settings.length === 0 && <Text c="dimmed">{t('settings.notifications.none')}</Text>}
        {settings.map((setting) => (
          <SettingForm key={setting.id} setting={setting} subject={subject} contacts={contacts} />
        ))}
        {unused.length > 0 && (
          <form onSubmit={add} noValidate>
            <Group align="flex-start" gap="sm">
              <Select
                label={t('settings.notifications.add-channel')}
                data={unused.map((value) => ({ value, label: t(`settings.notifications.channel.${value}`) }))}
                w={220}
                {...form.getInputProps('channel')}
              />
              <Button type="submit" variant="default" mt={25} loading={create.isPending}>
                {t('settings.notifications.add')}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Card>
  );
}

const DEFAULT_MARGIN_KW = 0.5;

type Values = { enabled: boolean; lower: number | string; upper: number | string; margin: number | string; contactsIds: string[] };

const valuesOf = (setting: NotificationSetting): Values => ({
  enabled: setting.enabled,
  lower: setting.threshold?.lower ?? '',
  upper: setting.threshold?.upper ?? '',
  margin: setting.marginKw ?? '',
  contactsIds: setting.contactsIds.map(String),
});

function SettingForm({ setting, subject, contacts }: { setting: NotificationSetting; subject: NotificationSubject; contacts: Contact[] }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateNotificationSetting();
  const method = CONTACT_METHOD[setting.channel];
  const toUpdate = (values: Values) => {
    const number = (value: number | string) => (typeof value === 'number' ? value : null);
    const lower = number(values.lower);
    const upper = number(values.upper);
    return {
      enabled: values.enabled,
      threshold: subject.thresholdUnit && (lower !== null || upper !== null) ? { lower, upper } : null,
      // Spec §3: the ids are converted to integers.
      contactsIds: values.contactsIds.map(Number),
      ...(subject.marginUnit ? { marginKw: number(values.margin) } : {}),
    };
  };
  const form = useForm<Values>({
    initialValues: valuesOf(setting),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(
          zodFormResolver(notificationUpdate, (issue) =>
            issue.path[0] === 'marginKw'
              ? t('settings.notifications.error.margin', { max: MAX_MARGIN_KW })
              : t('settings.notifications.error.order'),
          )(toUpdate(values)),
        ).map(([path, message]) => [path === 'threshold.upper' ? 'upper' : path === 'marginKw' ? 'margin' : path, message]),
      ),
  });
  useLeavePageGuard(form.isDirty());
  const { clearDraft } = useFormDraft(form, `notification-setting:${setting.id}`);
  const label = t('settings.notifications.setting', {
    subject: t(`settings.notifications.subject.${subject.subject}`),
    channel: t(`settings.notifications.channel.${setting.channel}`),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: setting.id, ...toUpdate(values) },
      {
        onSuccess: (saved) => {
          clearDraft();
          form.setInitialValues(valuesOf(saved));
          form.setValues(valuesOf(saved));
          notifications.show({ color: 'green', message: t('settings.notifications.saved') });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Text fw={600} w={140} mb={6}>
          {t(`settings.notifications.channel.${setting.channel}`)}
        </Text>
        <Switch label={t('settings.notifications.enabled')} mb={8} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        {subject.thresholdUnit && (
          <>
            <NumberInput
              label={t('settings.notifications.lower', { unit: unitText(subject.thresholdUnit, i18n.language) })}
              decimalScale={3}
              w={140}
              {...form.getInputProps('lower')}
            />
            <NumberInput
              label={t('settings.notifications.upper', { unit: unitText(subject.thresholdUnit, i18n.language) })}
              decimalScale={3}
              w={140}
              {...form.getInputProps('upper')}
            />
          </>
        )}
        {subject.marginUnit && (
          <NumberInput
            label={t('settings.notifications.margin', { unit: unitText(subject.marginUnit, i18n.language) })}
            description={t('settings.notifications.margin-help')}
            decimalScale={3}
            min={0}
            max={MAX_MARGIN_KW}
            w={260}
            {...form.getInputProps('margin')}
          />
        )}
        {method && (
          <MultiSelect
            label={t('settings.notifications.contacts')}
            data={contacts.filter((item) => item.method === method).map((item) => ({ value: String(item.id), label: item.value }))}
            w={260}
            {...form.getInputProps('contactsIds')}
          />
        )}
        <Button type="submit" variant="light" loading={update.isPending}>
          {t('settings.notifications.save')}
        </Button>
      </Group>
    </form>
  );
}
