import { Button, Card, Container, Group, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffReplyRequest, type StaffTicket } from '@portal/schema/support';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { DATE_TIME_FORMAT, inSiteTime } from '../../shared/format/site-time.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { AttachmentList } from '../../shared/ui/attachment-list.tsx';
import { AttachmentPicker, attachmentError } from '../../shared/ui/attachment-picker.tsx';
import { attachmentUrl, queueQueryOptions, useStaffReply, useStaffTicketAction } from './support-queries.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';
import { LoadState } from '../../shared/ui/load-state.tsx';

/** Customer service's queue of the site's tickets per handler group (docs/decisions/054). */
export function TicketQueuePage() {
  const { t } = useTranslation();
  usePageTitle(t('support.queue.title'));
  const [handlerGroup, setHandlerGroup] = useState<string | null>(null);
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const queue = useQuery(queueQueryOptions({ status, ...(handlerGroup ? { handlerGroup } : {}) }));
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('support.queue.title')}</Title>
          <Text c="dimmed">{t('support.queue.description')}</Text>
        </Stack>
        <Group gap="md" align="flex-end">
          <Select
            label={t('support.queue.handler-group')}
            data={[
              { value: '', label: t('support.queue.all-groups') },
              ...(queue.data?.handlerGroups ?? []).map((group) => ({ value: group.code, label: group.name })),
            ]}
            value={handlerGroup ?? ''}
            onChange={(value) => setHandlerGroup(value || null)}
            allowDeselect={false}
          />
          <SegmentedControl
            aria-label={t('support.queue.state')}
            value={status}
            onChange={(value) => setStatus(value)}
            data={[
              { value: 'open', label: t('support.queue.open') },
              { value: 'closed', label: t('support.queue.closed') },
            ]}
          />
        </Group>
        {!queue.data ? (
          <LoadState query={queue} height={160} />
        ) : queue.data?.tickets.length ? (
          queue.data.tickets.map((ticket) => <QueueTicket key={ticket.id} ticket={ticket} />)
        ) : (
          <Text c="dimmed">{t('support.queue.none')}</Text>
        )}
      </Stack>
    </Container>
  );
}

function QueueTicket({ ticket }: { ticket: StaffTicket }) {
  const { t } = useTranslation();
  const site = useSite();
  const action = useStaffTicketAction();
  const open = ticket.status === 'TS1' || ticket.status === 'TS2';
  const titleId = `queue-ticket-${ticket.id}`;
  const time = (instant: string) => inSiteTime(instant, site.timezone).format(DATE_TIME_FORMAT);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId} data-testid="queue-ticket">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id={titleId}>
              {ticket.subtypeName} · {ticket.customerName} ({ticket.clientCode})
            </Title>
            <Text size="sm" c="dimmed">
              {t('support.queue.meta', {
                group: ticket.handlerGroupName,
                time: time(ticket.createdAt),
                assignee: ticket.assigneeName ?? t('support.queue.unassigned'),
              })}
            </Text>
            <Text size="sm">
              {[ticket.contactName, ticket.email, ticket.phone, ticket.channelCode ? t(`support.channel.${ticket.channelCode}`) : null]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <TicketStatusBadge statusName={ticket.statusName} />
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{ticket.message}</Text>
        <AttachmentList files={ticket.attachments} hrefOf={(file) => attachmentUrl('staff', ticket.id, file.id)} />
        {ticket.comments.map((comment) => (
          <Card key={comment.id} withBorder radius="sm" padding="sm">
            <Text size="sm" fw={600}>
              {comment.author === 'staff' ? t('support.queue.customer-service') : (comment.authorName ?? ticket.contactName)} ·{' '}
              {time(comment.createdAt)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {comment.comment}
            </Text>
            <AttachmentList files={comment.attachments} hrefOf={(file) => attachmentUrl('staff', ticket.id, file.id)} />
          </Card>
        ))}
        {ticket.satisfaction && (
          <Text size="sm" data-testid="queue-rating">
            {t('support.queue.rating', { rating: ticket.satisfaction.rating })}
            {ticket.satisfaction.comment ? ` “${ticket.satisfaction.comment}”` : ''}
          </Text>
        )}
        {open && (
          <ReplyForm ticketId={ticket.id}>
            {!ticket.assignedToMe && (
              <Button variant="light" loading={action.isPending} onClick={() => action.mutate({ id: ticket.id, action: 'assign' })}>
                {t('support.queue.assign')}
              </Button>
            )}
            <Button variant="default" loading={action.isPending} onClick={() => action.mutate({ id: ticket.id, action: 'resolve' })}>
              {t('support.queue.resolve')}
            </Button>
          </ReplyForm>
        )}
      </Stack>
    </Card>
  );
}

type ReplyValues = { comment: string; files: File[] };

/** Customer service's answer with its files, validated with the request schema the server uses. */
function ReplyForm({ ticketId, children }: { ticketId: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  const reply = useStaffReply();
  const form = useForm<ReplyValues>({
    initialValues: { comment: '', files: [] },
    // A file the portal does not take is refused as soon as it is chosen.
    validateInputOnChange: ['files'],
    validate: (values) => {
      const errors = zodFormResolver(staffReplyRequest, () => t('support.form.error.comment'))({ comment: values.comment });
      const files = attachmentError(values.files, t);
      return files ? { ...errors, files } : errors;
    },
  });
  const submit = form.onSubmit((values) => reply.mutate({ id: ticketId, ...values }, { onSuccess: () => form.reset() }));
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xs">
        <Textarea label={t('support.queue.reply')} rows={3} {...form.getInputProps('comment')} />
        <AttachmentPicker {...form.getInputProps('files')} />
        <Group gap="sm">
          <Button type="submit" loading={reply.isPending}>
            {t('support.queue.send-reply')}
          </Button>
          {children}
        </Group>
      </Stack>
    </form>
  );
}
