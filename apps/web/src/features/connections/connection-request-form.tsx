import { Button, Card, Group, Radio, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay, todayIn } from '@portal/schema/calendar-dates';
import {
  CONNECTION_REQUEST_KINDS,
  connectionRequestCreate,
  installationDateWindow,
  MAIN_FUSE_SIZES,
  wantedDateWindow,
  type ConnectionRequestCreate,
  type ConnectionRequestKind,
} from '@portal/schema/connection-requests';
import { useLeavePageGuard } from '../../shared/forms/use-leave-page-guard.ts';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { AttachmentPicker, attachmentError } from '../../shared/ui/attachment-picker.tsx';
import { DateField } from '../../shared/ui/date-field.tsx';
import { placesQueryOptions, useSendConnectionRequest } from './connection-queries.ts';

type Values = {
  kind: ConnectionRequestKind;
  meteringPointId: string;
  fuseAmperes: string;
  wantedBy: string | null;
  street: string;
  postalCode: string;
  city: string;
  inverterPowerKw: string;
  installer: string;
  installationDate: string | null;
  message: string;
  files: File[];
};

const EMPTY: Values = {
  kind: 'MICROGENERATION',
  meteringPointId: '',
  fuseAmperes: '',
  wantedBy: null,
  street: '',
  postalCode: '',
  city: '',
  inverterPowerKw: '',
  installer: '',
  installationDate: null,
  message: '',
  files: [],
};

/** What the form holds, as the request the server checks with the same schema (empty optional fields left out). */
export function connectionRequestOf(values: Values): ConnectionRequestCreate {
  const message = values.message.trim() ? { message: values.message } : {};
  const fuseAmperes = values.fuseAmperes ? Number(values.fuseAmperes) : Number.NaN;
  const wantedBy = values.wantedBy ? { wantedBy: values.wantedBy } : {};
  switch (values.kind) {
    case 'FUSE_CHANGE':
      return { kind: 'FUSE_CHANGE', meteringPointId: values.meteringPointId, fuseAmperes, ...wantedBy, ...message };
    case 'NEW_CONNECTION':
      return {
        kind: 'NEW_CONNECTION',
        address: { street: values.street, postalCode: values.postalCode, city: values.city },
        fuseAmperes,
        ...wantedBy,
        ...message,
      };
    case 'MICROGENERATION':
      return {
        kind: 'MICROGENERATION',
        meteringPointId: values.meteringPointId,
        inverterPowerKw: values.inverterPowerKw,
        installer: values.installer,
        installationDate: values.installationDate ?? '',
        ...message,
      };
  }
}

/**
 * A new request to the network operator (docs/decisions/124): what it is about first, then that kind's fields, checked
 * with the schema the server checks the call with; the days a date may name are the server's windows.
 */
export function ConnectionRequestForm() {
  const { t } = useTranslation();
  const site = useSite();
  const places = useQuery(placesQueryOptions);
  const send = useSendConnectionRequest();
  const today = todayIn(site.timezone);
  const installed = installationDateWindow(today);
  const wanted = wantedDateWindow(today);
  const outside = (day: string | null, window: { earliest: string; latest: string }) =>
    day !== null && (day < window.earliest || day > window.latest)
      ? t('connections.form.error.date-window', { earliest: formatDay(window.earliest), latest: formatDay(window.latest) })
      : null;
  const form = useForm<Values>({
    initialValues: EMPTY,
    validateInputOnChange: ['files'],
    validate: (values) => {
      const found = zodFormResolver(connectionRequestCreate, (issue) => {
        const field = String(issue.path.at(-1));
        return t(`connections.form.error.${field}`);
      })(connectionRequestOf(values));
      // The address's fields are the form's own street, postal code and city.
      const errors = Object.fromEntries(Object.entries(found).map(([key, message]) => [key.replace(/^address\./, ''), message]));
      const installation = values.kind === 'MICROGENERATION' ? outside(values.installationDate, installed) : null;
      const wantedBy = values.kind !== 'MICROGENERATION' ? outside(values.wantedBy, wanted) : null;
      const files = attachmentError(values.files, t);
      return {
        ...errors,
        ...(installation ? { installationDate: installation } : {}),
        ...(wantedBy ? { wantedBy } : {}),
        ...(files ? { files } : {}),
      };
    },
  });
  useLeavePageGuard(form.isDirty() && !send.isPending);

  const submit = form.onSubmit((values) =>
    send.mutate(
      { request: connectionRequestOf(values), files: values.files },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'green', message: t('connections.form.sent') });
        },
      },
    ),
  );

  const placeOptions = (places.data ?? []).map((place) => ({
    value: place.meteringPointId,
    label: `${place.address.street}, ${place.address.city} (${place.gsrn})`,
  }));
  const fuseOptions = MAIN_FUSE_SIZES.map((amperes) => ({ value: String(amperes), label: t('connections.fuse', { amperes }) }));
  const kind = form.values.kind;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="connection-form-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="connection-form-title">
            {t('connections.form.title')}
          </Title>
          <Radio.Group label={t('connections.form.kind')} required value={kind} onChange={(value) => form.setFieldValue('kind', value)}>
            <Stack gap="xs" mt="xs">
              {CONNECTION_REQUEST_KINDS.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={t(`connections.kind.${option}`)}
                  description={t(`connections.kind-help.${option}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          {kind !== 'NEW_CONNECTION' && (
            <Select
              label={t('connections.form.place')}
              required
              data={placeOptions}
              placeholder={t('connections.form.place-placeholder')}
              allowDeselect={false}
              {...form.getInputProps('meteringPointId')}
            />
          )}
          {kind === 'NEW_CONNECTION' && (
            <>
              <TextInput label={t('connections.form.street')} required autoComplete="street-address" {...form.getInputProps('street')} />
              <Group gap="sm" align="flex-start" grow>
                <TextInput
                  label={t('connections.form.postal-code')}
                  required
                  autoComplete="postal-code"
                  {...form.getInputProps('postalCode')}
                />
                <TextInput label={t('connections.form.city')} required autoComplete="address-level2" {...form.getInputProps('city')} />
              </Group>
            </>
          )}
          {kind !== 'MICROGENERATION' ? (
            <>
              <Select
                label={t('connections.form.fuse')}
                description={t('connections.form.fuse-help')}
                required
                data={fuseOptions}
                placeholder={t('connections.form.fuse-placeholder')}
                allowDeselect={false}
                {...form.getInputProps('fuseAmperes')}
              />
              <DateField
                label={t('connections.form.wanted-by')}
                minDate={wanted.earliest}
                maxDate={wanted.latest}
                clearable
                {...form.getInputProps('wantedBy')}
              />
            </>
          ) : (
            <>
              <TextInput
                label={t('connections.form.inverter')}
                description={t('connections.form.inverter-help')}
                required
                inputMode="decimal"
                {...form.getInputProps('inverterPowerKw')}
              />
              <TextInput label={t('connections.form.installer')} required {...form.getInputProps('installer')} />
              <DateField
                label={t('connections.form.installation-date')}
                required
                minDate={installed.earliest}
                maxDate={installed.latest}
                {...form.getInputProps('installationDate')}
              />
            </>
          )}
          <Textarea label={t('connections.form.message')} rows={4} {...form.getInputProps('message')} />
          <AttachmentPicker label={t('connections.form.files')} {...form.getInputProps('files')} />
          <Group>
            <Button type="submit" loading={send.isPending}>
              {t('connections.form.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
