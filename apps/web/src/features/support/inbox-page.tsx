import { Accordion, Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, inSiteTime } from '../../shared/format/site-time.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { inboxQueryOptions } from './inbox-queries.ts';
import { useMarkMessageRead } from './support-queries.ts';
import classes from './inbox-page.module.css';
import { LoadState } from '../../shared/ui/load-state.tsx';

/**
 * /inbox (spec §2): the acting customer's messages, newest first; opening an unread one marks it read. The content
 * is HTML the server sanitised when the message arrived (docs/decisions/054), so it is shown as it is.
 */
export function InboxPage() {
  const { t, i18n } = useTranslation();
  const site = useSite();
  usePageTitle(t('inbox.title'));
  const inbox = useQuery(inboxQueryOptions(i18n.language));
  const markRead = useMarkMessageRead();
  const messages = inbox.data?.messages ?? [];
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('inbox.title')}</Title>
        {!inbox.data ? (
          <LoadState query={inbox} height={160} />
        ) : messages.length === 0 ? (
          <Text c="dimmed">{t('inbox.none')}</Text>
        ) : (
          <Accordion
            variant="separated"
            onChange={(id) => {
              const message = messages.find((candidate) => candidate.id === id);
              if (message && !message.read) markRead.mutate(message.id);
            }}
          >
            {messages.map((message) => (
              <Accordion.Item key={message.id} value={message.id} data-testid="inbox-message">
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap" pr="sm">
                    <Text fw={message.read ? 400 : 700}>{message.subject}</Text>
                    <Group gap="xs" wrap="nowrap">
                      {!message.read && (
                        <Badge size="sm" variant="filled">
                          {t('inbox.unread')}
                        </Badge>
                      )}
                      <Text size="sm" c="dimmed">
                        {inSiteTime(message.createdAt, site.timezone).format(DATE_TIME_FORMAT)}
                      </Text>
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    <div className={classes.content} dangerouslySetInnerHTML={{ __html: message.content }} />
                    {message.ticketId && (
                      <Text size="sm">
                        <Link to="/support">{t('inbox.open-ticket')}</Link>
                      </Text>
                    )}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Container>
  );
}
