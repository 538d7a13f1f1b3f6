import { Button, Stack, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

// Deliberately loose: the mail server is the real judge; this catches typing slips before a round trip.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Props = { pending: boolean; disabled: boolean; onSubmit: (email: string) => void };

/** Sign-in by e-mail link: the address is checked here, then Auth.js sends the link. */
export function EmailSignInForm({ pending, disabled, onSubmit }: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setError(t('auth.signin.email.required'));
    if (!EMAIL_PATTERN.test(value)) return setError(t('auth.signin.email.invalid'));
    setError(null);
    onSubmit(value);
  }

  return (
    // Our own messages replace the browser's, which would not follow the portal's language.
    <form onSubmit={submit} noValidate aria-label={t('auth.signin.email.form')}>
      <Stack gap="sm">
        <TextInput
          type="email"
          label={t('auth.signin.email.label')}
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
        />
        <Button type="submit" size="md" fullWidth leftSection={<IconMail size={20} aria-hidden />} loading={pending} disabled={disabled}>
          {t('auth.signin.email.submit')}
        </Button>
      </Stack>
    </form>
  );
}
