import { Alert, Button, Group, Loader, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconHome } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../shared/auth/sign-out.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { linkOutTarget } from './link-out-target.ts';

/**
 * /auth/safe-link-out?url=…: leaving the portal for an outside address that must not inherit the session
 * (a shared computer, a partner's site). Only the site's own published origins are offered.
 */
export function SafeLinkOutPage({ url }: { url: string | undefined }) {
  const site = useSite();
  const target = linkOutTarget(url, site);
  return target ? <LeavingPortal target={target} /> : <RefusedLink />;
}

function LeavingPortal({ target }: { target: URL }) {
  const { t } = useTranslation();
  const { mutate, isPending, isError, isSuccess } = useSignOut();
  usePageTitle(t('auth.link-out.title'));
  useEffect(() => mutate(), [mutate]);
  return (
    <>
      <Title order={1}>{t('auth.link-out.title')}</Title>
      {isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('auth.link-out.signing-out')}</Text>
        </Group>
      )}
      {isError && (
        <Alert variant="light" color="red" icon={<IconAlertTriangle aria-hidden />} title={t('auth.link-out.failed')}>
          <Button variant="default" mt="sm" onClick={() => mutate()}>
            {t('auth.link-out.retry')}
          </Button>
        </Alert>
      )}
      {isSuccess && (
        <>
          <Text role="status">{t('auth.link-out.signed-out')}</Text>
          <div>
            <Button
              component="a"
              href={target.href}
              rel="noopener noreferrer"
              referrerPolicy="no-referrer"
              rightSection={<IconExternalLink size={18} aria-hidden />}
            >
              {t('auth.link-out.continue', { host: target.host })}
            </Button>
          </div>
        </>
      )}
    </>
  );
}

function RefusedLink() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(t('auth.link-out.refused.title'));
  return (
    <>
      <Title order={1}>{t('auth.link-out.refused.title')}</Title>
      <Text>{t('auth.link-out.refused.description', { company: site.companyName })}</Text>
      <div>
        <Button component={Link} to="/" variant="default" leftSection={<IconHome size={18} aria-hidden />}>
          {t('auth.back-to-main-page')}
        </Button>
      </div>
    </>
  );
}
