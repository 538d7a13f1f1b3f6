import { Button, Card, Group, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contactRequest, SUPPORT_CHANNELS, type ContactRequest, type SupportChannel } from '@portal/schema/support';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { useLeavePageGuard } from '../../shared/forms/use-leave-page-guard.ts';
import { useFeature } from '../../shared/site/site-context.tsx';
import { AttachmentPicker, attachmentError } from '../../shared/ui/attachment-picker.tsx';
import { subtypesQueryOptions, topicsQueryOptions, useSendContactRequest } from './support-queries.ts';

type Values = {
  name: string;
  /** ADVANCED_SUPPORT's guided form: the topic narrows the subjects offered. */
  topicCode: string;
  subtypeCode: string;
  message: string;
  channelCode: SupportChannel | '';
  email: string;
  dialCode: string;
  number: string;
  files: File[];
};

const DIAL_CODES = { FI: '+358', EE: '+372', LV: '+371' } as const;

/** What the form holds, as the request the server checks with the same schema (empty optional fields left out). */
export function contactRequestOf(values: Values): ContactRequest {
  return {
    name: values.name,
    subtypeCode: values.subtypeCode,
    message: values.message,
    ...(values.channelCode ? { channelCode: values.channelCode } : {}),
    ...(values.email.trim() ? { email: values.email.trim() } : {}),
    ...(values.number.trim() ? { phoneNo: { dialCode: values.dialCode, number: values.number.trim() } } : {}),
  };
}

/**
 * Spec §3 and §5: a contact request to customer service; name, subject and message are required, files optional. With
 * ADVANCED_SUPPORT the subject is chosen in two steps, the topic first (docs/decisions/058).
 */
export function ContactRequestForm({
  defaultName,
  defaultEmail,
  defaultPhone,
  countryCode,
}: {
  defaultName: string;
  /** The e-mail and phone on file (the person's profile): the form starts from them (issue 27). */
  defaultEmail: string;
  defaultPhone: string;
  countryCode: keyof typeof DIAL_CODES;
}) {
  const { t, i18n } = useTranslation();
  const guided = useFeature('ADVANCED_SUPPORT');
  const subtypes = useQuery(subtypesQueryOptions(i18n.language));
  const topics = useQuery({ ...topicsQueryOptions(i18n.language), enabled: guided });
  const send = useSendContactRequest();
  const dialCode = DIAL_CODES[countryCode];
  // A number of this country splits into the dial code field and the rest; another country's stays whole.
  const ownCountry = defaultPhone.startsWith(dialCode);
  const initialValues: Values = {
    name: defaultName,
    topicCode: '',
    subtypeCode: '',
    message: '',
    channelCode: '',
    email: defaultEmail,
    dialCode: ownCountry || !defaultPhone ? dialCode : '',
    number: ownCountry ? defaultPhone.slice(dialCode.length) : defaultPhone,
    files: [],
  };
  const form = useForm<Values>({
    initialValues,
    // A file the portal does not take is refused as soon as it is chosen, not only when the form is sent.
    validateInputOnChange: ['files'],
    validate: (values) => {
      const errors = zodFormResolver(contactRequest, (issue) => {
        const field = String(issue.path[0]);
        return t(`support.form.error.${field === 'phoneNo' ? 'phone' : field}`);
      })(contactRequestOf(values));
      // The phone number's errors belong to its number field.
      const phone = errors['phoneNo'] ?? errors['phoneNo.number'] ?? errors['phoneNo.dialCode'];
      if (values.channelCode === 'EMAIL' && !values.email.trim()) errors['email'] = t('support.form.error.email-needed');
      if (values.channelCode === 'PHONE' && !values.number.trim()) errors['number'] = t('support.form.error.phone-needed');
      const files = attachmentError(values.files, t);
      return { ...errors, ...(phone ? { number: phone } : {}), ...(files ? { files } : {}) };
    },
  });
  useLeavePageGuard(form.isDirty() && !send.isPending);

  const submit = form.onSubmit((values) =>
    send.mutate(
      { request: contactRequestOf(values), files: values.files },
      {
        onSuccess: () => {
          form.setInitialValues(initialValues);
          form.reset();
          notifications.show({ color: 'green', message: t('support.form.sent') });
        },
      },
    ),
  );

  const subtypeOptions = (subtypes.data ?? [])
    .filter((subtype) => !guided || subtype.topicCode === form.values.topicCode)
    .map((subtype) => ({ value: subtype.code, label: subtype.name }));
  const topicOptions = (topics.data ?? []).map((topic) => ({ value: topic.code, label: topic.name }));
  const channelOptions = [
    { value: '', label: t('support.channel.none') },
    ...SUPPORT_CHANNELS.map((code) => ({ value: code, label: t(`support.channel.${code}`) })),
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contact-request-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="contact-request-title">
            {t('support.form.title')}
          </Title>
          <TextInput label={t('support.form.name')} required autoComplete="name" {...form.getInputProps('name')} />
          {guided && (
            <Select
              label={t('support.form.topic')}
              data={topicOptions}
              placeholder={t('support.form.topic-placeholder')}
              allowDeselect={false}
              {...form.getInputProps('topicCode')}
              onChange={(topicCode) => form.setValues({ topicCode: topicCode ?? '', subtypeCode: '' })}
            />
          )}
          <Select
            label={t(guided ? 'support.form.subtype-detail' : 'support.form.subtype')}
            required
            data={subtypeOptions}
            disabled={guided && !form.values.topicCode}
            placeholder={t(
              guided
                ? form.values.topicCode
                  ? 'support.form.subtype-detail-placeholder'
                  : 'support.form.subtype-after-topic'
                : 'support.form.subtype-placeholder',
            )}
            allowDeselect={false}
            {...form.getInputProps('subtypeCode')}
          />
          <Textarea label={t('support.form.message')} required rows={5} {...form.getInputProps('message')} />
          <AttachmentPicker {...form.getInputProps('files')} />
          <Select label={t('support.form.channel')} data={channelOptions} allowDeselect={false} {...form.getInputProps('channelCode')} />
          <TextInput label={t('support.form.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput label={t('support.form.dial-code')} w={110} autoComplete="tel-country-code" {...form.getInputProps('dialCode')} />
            <TextInput
              label={t('support.form.phone')}
              type="tel"
              autoComplete="tel-national"
              style={{ flex: 1 }}
              {...form.getInputProps('number')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={send.isPending}>
              {t('support.form.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
