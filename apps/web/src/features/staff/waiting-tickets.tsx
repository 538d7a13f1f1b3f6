import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { openTicketsQueryOptions } from './staff-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { STATUS_COLOURS } from '../../shared/ui/status-colours.ts';

/** Open support tickets per handler group, from the support queue (shown on sites with SUPPORT only). */
export function WaitingTickets() {
  const { t } = useTranslation();
  const queue = useQuery(openTicketsQueryOptions);
  const counts = new Map<string, number>();
  for (const ticket of queue.data?.tickets ?? []) counts.set(ticket.handlerGroupName, (counts.get(ticket.handlerGroupName) ?? 0) + 1);
  const total = queue.data?.tickets.length ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="staff-tickets-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconTicket size={20} aria-hidden />
          <Title order={2} size="h4" id="staff-tickets-title">
            {t('staff.tickets.title')}
          </Title>
        </Group>
        {!queue.data ? (
          <LoadState query={queue} height={60} />
        ) : (
          <>
            <Text size="sm" data-testid="waiting-tickets">
              {t('staff.tickets.count', { count: total })}
            </Text>
            {counts.size > 0 && (
              <List listStyleType="none" spacing={4} aria-labelledby="staff-tickets-title">
                {[...counts].map(([group, count]) => (
                  <List.Item key={group}>
                    <Group gap="xs">
                      <Text size="sm">{group}</Text>
                      <Badge size="sm" variant="filled" color={STATUS_COLOURS.info}>
                        {count}
                      </Badge>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </>
        )}
        <Group>
          <Button variant="light" renderRoot={(props) => <Link {...props} to="/staff/tickets" />}>
            {t('support.queue.link')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
