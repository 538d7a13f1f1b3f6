import { Button, Card, Container, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ticketCommentRequest, type TicketDetail } from '@portal/schema/support';
import { useActorInfo } from '../../shared/auth/actor-info.ts';
import { useProfile } from '../../shared/auth/profile.ts';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { DATE_TIME_FORMAT, inSiteTime } from '../../shared/format/site-time.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useFeature, useSite } from '../../shared/site/site-context.tsx';
import { AttachmentList } from '../../shared/ui/attachment-list.tsx';
import { AttachmentPicker, attachmentError } from '../../shared/ui/attachment-picker.tsx';
import { ContactRequestForm } from './contact-request-form.tsx';
import { SatisfactionForm } from './satisfaction-form.tsx';
import { attachmentUrl, ticketsQueryOptions, useCloseTicket, useCommentOnTicket } from './support-queries.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';
import { LoadState } from '../../shared/ui/load-state.tsx';

/** /support (spec §2): a contact request to customer service and the customer's tickets with their comments. */
export function SupportPage() {
  const { t, i18n } = useTranslation();
  const site = useSite();
  usePageTitle(t('support.title'));
  const info = useActorInfo({ enabled: true }).data;
  const company = info?.actingAs === 'staff' && info.customer?.type === 'legal';
  const profile = useProfile({ enabled: !!info && !company });
  // The form waits for what is on file, so it opens filled in rather than changing under the customer's hands.
  const known = company ? null : profile.isPending ? undefined : (profile.data ?? null);
  const tickets = useQuery(ticketsQueryOptions(i18n.language));
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('support.title')}</Title>
          <Text c="dimmed">{t('support.description', { company: site.companyName })}</Text>
        </Stack>
        {info && known !== undefined ? (
          <ContactRequestForm
            defaultName={info.person.name ?? info.customer?.name ?? ''}
            defaultEmail={known?.email ?? ''}
            defaultPhone={known?.phone ?? ''}
            countryCode={site.countryCode}
          />
        ) : (
          <Skeleton height={480} radius="md" aria-label={t('list.loading')} />
        )}
        <Stack gap="sm" component="section" aria-labelledby="tickets-title">
          <Title order={2} size="h3" id="tickets-title">
            {t('support.tickets.title')}
          </Title>
          {!tickets.data ? (
            <LoadState query={tickets} height={120} />
          ) : tickets.data?.length ? (
            tickets.data.map((ticket) => <TicketCard key={ticket.id} ticket={ticket} />)
          ) : (
            <Text c="dimmed">{t('support.tickets.none')}</Text>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}

function TicketCard({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const site = useSite();
  const ratings = useFeature('ADVANCED_SUPPORT');
  const open = ticket.status === 'TS1' || ticket.status === 'TS2';
  const close = useCloseTicket();
  const titleId = `ticket-${ticket.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid="support-ticket">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h5" id={titleId}>
              {ticket.subtypeName}
            </Title>
            <Text size="sm" c="dimmed">
              {t('support.tickets.sent', { time: inSiteTime(ticket.createdAt, site.timezone).format(DATE_TIME_FORMAT) })}
            </Text>
          </Stack>
          <TicketStatusBadge statusName={ticket.statusName} />
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{ticket.message}</Text>
        <AttachmentList files={ticket.attachments} hrefOf={(file) => attachmentUrl('customer', ticket.id, file.id)} />
        {ticket.comments.length > 0 && (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('support.tickets.comments')}>
            {ticket.comments.map((comment) => (
              <Card
                key={comment.id}
                component="li"
                withBorder
                radius="sm"
                padding="sm"
                bg={comment.author === 'staff' ? 'var(--mantine-color-default-hover)' : undefined}
              >
                <Text size="sm" fw={600}>
                  {comment.author === 'staff'
                    ? t('support.tickets.from-service', { company: site.companyName })
                    : (comment.authorName ?? t('support.tickets.from-you'))}
                  {' · '}
                  {inSiteTime(comment.createdAt, site.timezone).format(DATE_TIME_FORMAT)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {comment.comment}
                </Text>
                <AttachmentList files={comment.attachments} hrefOf={(file) => attachmentUrl('customer', ticket.id, file.id)} />
              </Card>
            ))}
          </Stack>
        )}
        {open && (
          <>
            <CommentForm ticketId={ticket.id} />
            <Group gap="sm">
              <Button variant="light" loading={close.isPending} onClick={() => close.mutate({ id: ticket.id, status: 'TS4' })}>
                {t('support.tickets.resolve')}
              </Button>
              <Button variant="default" loading={close.isPending} onClick={() => close.mutate({ id: ticket.id, status: 'TS3' })}>
                {t('support.tickets.cancel')}
              </Button>
            </Group>
          </>
        )}
        {ratings && ticket.status === 'TS4' && <SatisfactionForm ticketId={ticket.id} satisfaction={ticket.satisfaction} />}
      </Stack>
    </Card>
  );
}

type CommentValues = { comment: string; files: File[] };

/** The customer's follow-up with its files, validated with the request schema the server uses. */
function CommentForm({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const send = useCommentOnTicket();
  const form = useForm<CommentValues>({
    initialValues: { comment: '', files: [] },
    // A file the portal does not take is refused as soon as it is chosen.
    validateInputOnChange: ['files'],
    validate: (values) => {
      const errors = zodFormResolver(ticketCommentRequest, () => t('support.form.error.comment'))({ comment: values.comment });
      const files = attachmentError(values.files, t);
      return files ? { ...errors, files } : errors;
    },
  });
  const submit = form.onSubmit((values) => send.mutate({ id: ticketId, ...values }, { onSuccess: () => form.reset() }));
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xs">
        <Textarea label={t('support.tickets.add-comment')} rows={2} {...form.getInputProps('comment')} />
        <AttachmentPicker {...form.getInputProps('files')} />
        <Group>
          <Button type="submit" variant="light" loading={send.isPending}>
            {t('support.tickets.send-comment')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
