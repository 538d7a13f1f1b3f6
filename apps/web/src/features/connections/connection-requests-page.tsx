import { Button, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { connectionRequestMessage, UNDECIDED_STATUSES, type ConnectionRequestDetail } from '@portal/schema/connection-requests';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { AttachmentPicker, attachmentError } from '../../shared/ui/attachment-picker.tsx';
import { openConfirm } from '../../shared/ui/confirm-modal.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { myRequestsQueryOptions, useAddInformation, useWithdrawRequest } from './connection-queries.ts';
import { ConnectionRequestCard } from './connection-request-card.tsx';
import { ConnectionRequestForm } from './connection-request-form.tsx';

/**
 * /connection-requests (docs/decisions/124): a network operator's customer asks for a main fuse change or a new
 * connection, or reports a microgeneration installation, and follows each request; one not yet decided takes more
 * information or can be withdrawn.
 */
export function ConnectionRequestsPage() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(t('connections.title'));
  const requests = useQuery(myRequestsQueryOptions);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('connections.title')}</Title>
          <Text c="dimmed">{t('connections.description', { company: site.companyName })}</Text>
        </Stack>
        <ConnectionRequestForm />
        <Stack gap="sm" component="section" aria-labelledby="connection-requests-title">
          <Title order={2} size="h3" id="connection-requests-title">
            {t('connections.list.title')}
          </Title>
          {!requests.data ? (
            <LoadState query={requests} height={120} />
          ) : requests.data.length ? (
            requests.data.map((request) => (
              <ConnectionRequestCard key={request.id} request={request} side="customer">
                {UNDECIDED_STATUSES.includes(request.status) && <CustomerActions request={request} />}
              </ConnectionRequestCard>
            ))
          ) : (
            <Text c="dimmed">{t('connections.list.none')}</Text>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}

type InformationValues = { message: string; files: File[] };

function CustomerActions({ request }: { request: ConnectionRequestDetail }) {
  const { t } = useTranslation();
  const add = useAddInformation();
  const withdraw = useWithdrawRequest();
  const form = useForm<InformationValues>({
    initialValues: { message: '', files: [] },
    validateInputOnChange: ['files'],
    validate: (values) => {
      const errors = zodFormResolver(connectionRequestMessage, () => t('connections.add.error'))({ message: values.message });
      const files = attachmentError(values.files, t);
      return { ...errors, ...(files ? { files } : {}) };
    },
  });
  const submit = form.onSubmit((values) =>
    add.mutate(
      { id: request.id, message: values.message, files: values.files },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'green', message: t('connections.add.sent') });
        },
      },
    ),
  );
  const confirmWithdraw = () =>
    openConfirm({
      title: t('connections.withdraw.title'),
      children: t('connections.withdraw.body'),
      labels: { confirm: t('connections.withdraw.confirm'), cancel: t('connections.withdraw.cancel') },
      danger: true,
      onConfirm: () =>
        withdraw.mutate(request.id, { onSuccess: () => notifications.show({ color: 'green', message: t('connections.withdraw.done') }) }),
    });
  const waiting = request.status === 'needs_information';
  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate aria-label={t('connections.add.title')}>
        <Stack gap="xs">
          <Textarea
            label={t(waiting ? 'connections.add.answer' : 'connections.add.message')}
            required
            rows={3}
            {...form.getInputProps('message')}
          />
          <AttachmentPicker {...form.getInputProps('files')} />
          <Group gap="sm">
            <Button type="submit" variant="light" loading={add.isPending}>
              {t('connections.add.send')}
            </Button>
            <Button variant="default" loading={withdraw.isPending} onClick={confirmWithdraw}>
              {t('connections.withdraw.button')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
