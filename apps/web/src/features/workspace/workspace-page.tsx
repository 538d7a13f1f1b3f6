import { Alert, Badge, Button, Card, Container, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHeadset, IconInfoCircle, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorInfo } from '@portal/schema/identity';
import { ActForCustomerForm } from '../../shared/auth/act-for-customer-form.tsx';
import { useActorInfo } from '../../shared/auth/actor-info.ts';
import { useStopActingForCustomer } from '../../shared/auth/staff-acting-customer.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { siteDomainsQueryOptions, siteLocalesQueryOptions } from './site-admin-queries.ts';

/**
 * /workspace: where staff and people without a customer to act for land, instead of a customer's empty pages.
 * Customer service acts for a customer from here; a site administrator sees the site's languages and addresses
 * (decision 009). The full staff and admin areas come later.
 */
export function WorkspacePage() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(t('workspace.title'));
  const info = useActorInfo({ enabled: true }).data;
  const customerService = info?.staffRoles.includes('customer-service') ?? false;
  const siteAdmin = info?.staffRoles.includes('site-admin') ?? false;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('workspace.title')}</Title>
          <Text c="dimmed">{t('workspace.description')}</Text>
        </Stack>
        {info && !customerService && !siteAdmin && (
          <Alert variant="light" icon={<IconInfoCircle aria-hidden />} title={t('workspace.no-customer.title')}>
            {t('workspace.no-customer.description', { company: site.companyName })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: customerService && siteAdmin ? 2 : 1 }} spacing="lg">
          {info && customerService && <ActForCustomer info={info} />}
          {siteAdmin && <SiteSettings siteId={site.id} />}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function Section({ icon, titleId, title, children }: { icon: ReactNode; titleId: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function ActForCustomer({ info }: { info: ActorInfo }) {
  const { t } = useTranslation();
  const site = useSite();
  const navigate = useNavigate();
  const stop = useStopActingForCustomer();
  const acting = info.actingAs === 'staff' ? info.customer : null;
  return (
    <Section icon={<IconHeadset size={22} aria-hidden />} titleId="workspace-act-for" title={t('user-menu.staff.open')}>
      <Text size="sm">{t('workspace.act-for.description')}</Text>
      {acting && (
        <Stack gap="xs">
          <Text fw={600}>{t('header.acting-for', { name: `${acting.name} (${acting.clientCode})` })}</Text>
          <Group gap="sm">
            <Button renderRoot={(props) => <Link {...props} to="/dashboard" />}>{t('workspace.act-for.open-dashboard')}</Button>
            <Button variant="default" loading={stop.isPending} onClick={() => stop.mutate()}>
              {t('user-menu.staff.stop', { name: acting.name })}
            </Button>
          </Group>
        </Stack>
      )}
      <ActForCustomerForm onStarted={() => void navigate({ to: '/dashboard' })} />
      {site.features.includes('SUPPORT') && (
        <Group>
          <Button variant="light" renderRoot={(props) => <Link {...props} to="/workspace/tickets" />}>
            {t('support.queue.link')}
          </Button>
        </Group>
      )}
    </Section>
  );
}

function SiteSettings({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const site = useSite();
  const locales = useQuery(siteLocalesQueryOptions(siteId));
  const domains = useQuery(siteDomainsQueryOptions(siteId));
  return (
    <Section icon={<IconSettings size={22} aria-hidden />} titleId="workspace-site" title={t('workspace.site.title')}>
      <Stack gap={4}>
        <Title order={3} size="h5" id="workspace-site-locales">
          {t('workspace.site.locales')}
        </Title>
        {locales.isPending ? (
          <Skeleton height={60} />
        ) : (
          <List aria-labelledby="workspace-site-locales" data-testid="site-locales">
            {(locales.data ?? []).map((locale) => (
              <List.Item key={locale.id}>
                <Group gap="xs">
                  <span lang={locale.id}>{locale.name}</span>
                  <Text span size="sm" c="dimmed">
                    {locale.id}
                  </Text>
                  {locale.id === site.defaultLocaleId && (
                    <Badge size="sm" variant="light">
                      {t('workspace.site.default-locale')}
                    </Badge>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5" id="workspace-site-domains">
          {t('workspace.site.domains')}
        </Title>
        {domains.isPending ? (
          <Skeleton height={40} />
        ) : (
          <List aria-labelledby="workspace-site-domains" data-testid="site-domains">
            {(domains.data ?? []).map((domain) => (
              <List.Item key={domain}>{domain}</List.Item>
            ))}
          </List>
        )}
      </Stack>
      {site.features.includes('FEEDBACK') && (
        <Group>
          <Button variant="light" renderRoot={(props) => <Link {...props} to="/admin/feedback" />}>
            {t('feedback.admin.link')}
          </Button>
        </Group>
      )}
    </Section>
  );
}
