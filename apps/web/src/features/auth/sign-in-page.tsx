import { Alert, Anchor, Button, Divider, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconDeviceMobile, IconExternalLink, IconId, IconLogin } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthProvider } from '@portal/schema/identity';
import type { SiteLink } from '@portal/schema/site';
import { sendClientLog } from '../../shared/api/client-log.ts';
import { useProviders } from '../../shared/auth/providers.ts';
import { safeCallbackUrl } from '../../shared/auth/safe-callback.ts';
import { useSignIn } from '../../shared/auth/sign-in.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { AuthErrorAlert } from './auth-error-alert.tsx';
import { useSignInForm } from './sign-in-form.tsx';

// Only sites that sign in by e-mail draw it: its checks (zod, the form library) stay out of every other sign-in page.
const EmailSignInForm = lazy(() => import('./email-sign-in-form.tsx'));

type Props = { callbackUrl: string | undefined; error: string | undefined };

/** /auth/signin: one way in per configured provider, the reason the person is here, and the sign-in terms. */
export function SignInPage({ callbackUrl, error }: Props) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const navigate = useNavigate();
  const providers = useProviders();
  const signIn = useSignIn();
  usePageTitle(t('auth.signin.title'));
  const target = safeCallbackUrl(callbackUrl);
  const terms = signInTermsLink(site.links, i18n.language);
  const noProviders = providers.isSuccess && providers.data.length === 0;

  useEffect(() => {
    if (!noProviders) return;
    // Spec §8: a site that offers no way in is a configuration fault the team must hear about.
    void sendClientLog({ level: 'error', message: 'Session error: no sign-in providers' });
    void navigate({ to: '/auth/error', search: { error: 'NoProviders' }, replace: true });
  }, [noProviders, navigate]);

  const start = (providerId: string, email?: string) => signIn.mutate({ providerId, callbackUrl: target, email });
  const pendingProvider = signIn.isPending ? signIn.variables.providerId : null;

  return (
    <>
      <Stack gap="xs">
        <Title order={1}>{t('auth.signin.title')}</Title>
        <Text c="dimmed">{t('auth.signin.description', { company: site.companyName })}</Text>
      </Stack>
      {error !== undefined && <AuthErrorAlert error={error} />}
      <section aria-label={t('auth.signin.methods')}>
        {providers.isPending && (
          <Stack align="center" py="md">
            <Loader aria-label={t('auth.signin.loading')} />
          </Stack>
        )}
        {providers.isError && (
          <Alert variant="light" color="red" title={t('auth.signin.providers-failed')}>
            <Button variant="default" mt="sm" onClick={() => void providers.refetch()}>
              {t('auth.signin.retry')}
            </Button>
          </Alert>
        )}
        {providers.isSuccess && (
          <Stack gap="md">
            {providers.data.map((provider) =>
              provider.type === 'email' ? (
                <EmailSignInForm
                  key={provider.id}
                  providerId={provider.id}
                  callbackUrl={target}
                  pending={pendingProvider === provider.id}
                  disabled={signIn.isPending && pendingProvider !== provider.id}
                  onSubmit={(email) => start(provider.id, email)}
                />
              ) : (
                <ProviderForm
                  key={provider.id}
                  provider={provider}
                  callbackUrl={target}
                  pending={pendingProvider === provider.id}
                  disabled={signIn.isPending && pendingProvider !== provider.id}
                  onSubmit={() => start(provider.id)}
                />
              ),
            )}
          </Stack>
        )}
      </section>
      {terms && (
        <Text size="sm">
          {t('auth.signin.terms')}{' '}
          <Anchor href={terms.url} target="_blank" rel="noopener noreferrer" inline underline="always">
            {t('auth.signin.terms-link')}
            <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />
            <VisuallyHidden> {t('auth.opens-new-tab')}</VisuallyHidden>
          </Anchor>
        </Text>
      )}
      <Divider />
      <div>
        <Button component={Link} to="/" variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          {t('auth.back-to-main-page')}
        </Button>
      </div>
    </>
  );
}

const providerIcons: Record<string, typeof IconId> = { eid: IconId, telecom: IconDeviceMobile };
const knownProviders = new Set(['eid', 'telecom']);

type ProviderFormProps = {
  provider: AuthProvider;
  callbackUrl: string;
  pending: boolean;
  disabled: boolean;
  onSubmit: () => void;
};

/** A provider's button, in a form that posts without script (docs/decisions/104); the app posts it itself once it can. */
function ProviderForm({ provider, callbackUrl, pending, disabled, onSubmit }: ProviderFormProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const form = useSignInForm(provider.id, callbackUrl);
  const known = knownProviders.has(provider.id);
  const Icon = providerIcons[provider.id] ?? IconLogin;
  return (
    <form
      {...form.attributes}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {form.hiddenFields}
      <Stack gap={4}>
        <Button
          type="submit"
          size="md"
          fullWidth
          leftSection={<Icon size={22} aria-hidden />}
          loading={pending}
          disabled={disabled}
          aria-describedby={known ? hintId : undefined}
        >
          {known ? t(`auth.signin.provider.${provider.id}`) : t('auth.signin.provider.other', { name: provider.name })}
        </Button>
        {known && (
          <Text id={hintId} size="sm" c="dimmed" ta="center">
            {t(`auth.signin.provider.${provider.id}.hint`)}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** The site's sign-in terms in the reader's language when published, else the general version. */
function signInTermsLink(links: SiteLink[], locale: string): SiteLink | undefined {
  const terms = links.filter((link) => link.type === 'SIGN_IN_TERMS_AND_CONDITIONS');
  return terms.find((link) => link.localeId === locale) ?? terms.find((link) => !link.localeId);
}
