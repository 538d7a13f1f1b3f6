import { Button, Container, Group, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONNECTION_STAFF_ACTIONS,
  connectionRequestTransition,
  nextConnectionStatus,
  type ConnectionStaffAction,
  type StaffConnectionRequest,
} from '@portal/schema/connection-requests';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { AttachmentPicker, attachmentError } from '../../shared/ui/attachment-picker.tsx';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { queueQueryOptions, useMoveRequest } from './connection-queries.ts';
import { ConnectionRequestCard } from './connection-request-card.tsx';

/** /staff/connection-requests: customer service's queue of the site's connection requests (docs/decisions/124). */
export function ConnectionQueuePage() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(t('connections.queue.title'));
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const queue = useQuery(queueQueryOptions(status));
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('connections.queue.title')}</Title>
          <Text c="dimmed">{t('connections.queue.description', { company: site.companyName })}</Text>
        </Stack>
        <SegmentedControl
          aria-label={t('connections.queue.state')}
          value={status}
          onChange={(value) => setStatus(value)}
          data={[
            { value: 'open', label: t('connections.queue.open') },
            { value: 'closed', label: t('connections.queue.closed') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        <Stack gap="sm" component="section" aria-labelledby="connection-queue-list">
          {/* The shown half of the queue heads its requests, whose titles are the next level down. */}
          <Title order={2} size="h3" id="connection-queue-list">
            {t(`connections.queue.${status}`)}
          </Title>
          {!queue.data ? (
            <LoadState query={queue} height={160} />
          ) : queue.data.length ? (
            queue.data.map((request) => (
              <ConnectionRequestCard
                key={request.id}
                request={request}
                side="staff"
                heading={t('connections.queue.customer', { name: request.customerName, clientCode: request.clientCode })}
              >
                <NextStep request={request} />
              </ConnectionRequestCard>
            ))
          ) : (
            <Text c="dimmed">{t('connections.queue.none')}</Text>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}

type StepValues = { action: ConnectionStaffAction | ''; message: string; files: File[] };

/** The moves the request's status allows (the same table the server decides by), a message to the customer and files. */
function NextStep({ request }: { request: StaffConnectionRequest }) {
  const { t } = useTranslation();
  const move = useMoveRequest();
  const allowed = CONNECTION_STAFF_ACTIONS.filter((action) => nextConnectionStatus(request.status, action) !== null);
  const form = useForm<StepValues>({
    initialValues: { action: '', message: '', files: [] },
    validateInputOnChange: ['files'],
    validate: (values) => {
      const errors = zodFormResolver(connectionRequestTransition, (issue) =>
        t(issue.path[0] === 'message' ? 'connections.queue.message-required' : 'connections.queue.action-required'),
      )({ action: values.action, ...(values.message.trim() ? { message: values.message } : {}) });
      const files = attachmentError(values.files, t);
      return { ...errors, ...(files ? { files } : {}) };
    },
  });
  if (allowed.length === 0) return null;
  const submit = form.onSubmit((values) =>
    move.mutate(
      {
        id: request.id,
        transition: { action: values.action as ConnectionStaffAction, ...(values.message.trim() ? { message: values.message } : {}) },
        files: values.files,
      },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'green', message: t('connections.queue.saved') });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('connections.queue.next-step-of', { clientCode: request.clientCode })}>
      <Stack gap="xs">
        <Select
          label={t('connections.queue.action')}
          required
          placeholder={t('connections.queue.action-placeholder')}
          data={allowed.map((action) => ({ value: action, label: t(`connections.action.${action}`) }))}
          allowDeselect={false}
          {...form.getInputProps('action')}
        />
        <Textarea label={t('connections.queue.message')} rows={3} {...form.getInputProps('message')} />
        <AttachmentPicker {...form.getInputProps('files')} />
        <Group>
          <Button type="submit" loading={move.isPending}>
            {t('connections.queue.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
