import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@portal/schema/calendar-dates';
import type { ConnectionRequestDetail, ConnectionRequestStatus } from '@portal/schema/connection-requests';
import { DATE_TIME_FORMAT, inSiteTime } from '../../shared/format/site-time.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { AttachmentList } from '../../shared/ui/attachment-list.tsx';
import { STATUS_COLOURS } from '../../shared/ui/status-colours.ts';
import { connectionFileUrl } from './connection-queries.ts';

/** Dark enough for white text on any theme (status-colours.ts). */
const COLOURS: Record<ConnectionRequestStatus, string> = {
  received: STATUS_COLOURS.info,
  in_review: STATUS_COLOURS.info,
  needs_information: STATUS_COLOURS.waiting,
  approved: STATUS_COLOURS.done,
  rejected: STATUS_COLOURS.problem,
  done: STATUS_COLOURS.done,
  withdrawn: STATUS_COLOURS.neutral,
};

export function ConnectionStatusBadge({ status }: { status: ConnectionRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status]} variant="filled" data-status={status} style={{ flexShrink: 0 }}>
      {t(`connections.status.${status}`)}
    </Badge>
  );
}

/**
 * One request as the customer and customer service read it (docs/decisions/124): what it is about, where, its figures,
 * and its history, each step with who took it, the status it led to, the message and the files. `side` names whose
 * calls download the files; `children` are that side's actions.
 */
export function ConnectionRequestCard({
  request,
  side,
  heading,
  children,
}: {
  request: ConnectionRequestDetail;
  side: 'customer' | 'staff';
  /** Customer service see whose request it is above it. */
  heading?: string;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const titleId = `connection-${request.id}`;
  const when = (at: string) => inSiteTime(at, site.timezone).format(DATE_TIME_FORMAT);
  const number = (value: string) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(Number(value));
  const facts: [string, string][] = [
    [
      t('connections.detail.place'),
      [request.address.street, `${request.address.postalCode} ${request.address.city}`.trim()].filter(Boolean).join(', '),
    ],
    ...(request.gsrn ? [[t('connections.detail.gsrn'), request.gsrn] as [string, string]] : []),
    ...(request.fuseAmperes !== null
      ? [[t('connections.detail.fuse'), t('connections.fuse', { amperes: request.fuseAmperes })] as [string, string]]
      : []),
    ...(request.inverterPowerKw !== null
      ? [[t('connections.detail.inverter'), t('connections.detail.kw', { kw: number(request.inverterPowerKw) })] as [string, string]]
      : []),
    ...(request.installer ? [[t('connections.detail.installer'), request.installer] as [string, string]] : []),
    ...(request.installationDate ? [[t('connections.detail.installed'), formatDay(request.installationDate)] as [string, string]] : []),
    ...(request.wantedBy ? [[t('connections.detail.wanted-by'), formatDay(request.wantedBy)] as [string, string]] : []),
    ...(request.message ? [[t('connections.detail.message'), request.message] as [string, string]] : []),
  ];
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid="connection-request">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            {heading && (
              <Text size="sm" fw={600}>
                {heading}
              </Text>
            )}
            <Title order={3} size="h5" id={titleId}>
              {t(`connections.kind.${request.kind}`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t('connections.list.sent', { date: when(request.createdAt) })}
            </Text>
          </Stack>
          <ConnectionStatusBadge status={request.status} />
        </Group>
        <Stack gap={4} component="dl" m={0}>
          {facts.map(([label, value]) => (
            <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
              <Text component="dt" size="sm" fw={600} style={{ flexShrink: 0 }}>
                {label}:
              </Text>
              <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
        <Stack gap={4}>
          <Title order={4} size="h6">
            {t('connections.history.title')}
          </Title>
          <List spacing="xs" size="sm" listStyleType="none" p={0}>
            {request.history.map((event) => (
              <List.Item key={event.id}>
                <Stack gap={2}>
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {when(event.createdAt)}
                    </Text>{' '}
                    {t(
                      event.author === 'staff'
                        ? 'connections.history.staff'
                        : `connections.history.${side === 'staff' ? 'the-customer' : 'you'}`,
                    )}
                    {': '}
                    {event.fromStatus === null
                      ? t('connections.history.sent')
                      : event.fromStatus === event.toStatus
                        ? t('connections.history.added')
                        : t(`connections.status.${event.toStatus}`)}
                  </Text>
                  {event.message && (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {event.message}
                    </Text>
                  )}
                  <AttachmentList files={event.attachments} hrefOf={(file) => connectionFileUrl(side, request.id, file.id)} />
                </Stack>
              </List.Item>
            ))}
          </List>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
