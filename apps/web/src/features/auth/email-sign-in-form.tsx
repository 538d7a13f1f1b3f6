import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { emailSignInRequest } from '@portal/schema/identity';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { useSignInForm } from './sign-in-form.tsx';

type Props = { providerId: string; callbackUrl: string; pending: boolean; disabled: boolean; onSubmit: (email: string) => void };

/**
 * Sign-in by e-mail link: the address is checked here, then Auth.js sends the link. Before the app has the page the
 * browser posts the form itself (docs/decisions/104), and Auth.js checks the address.
 */
export default function EmailSignInForm({ providerId, callbackUrl, pending, disabled, onSubmit }: Props) {
  const { t } = useTranslation();
  const signInForm = useSignInForm(providerId, callbackUrl);
  const form = useForm({
    initialValues: { email: '' },
    validate: zodFormResolver(emailSignInRequest, (issue) =>
      issue.code === 'too_small' ? t('auth.signin.email.required') : t('auth.signin.email.invalid'),
    ),
    transformValues: (values) => emailSignInRequest.parse(values),
  });

  return (
    // Our own messages replace the browser's, which would not follow the portal's language.
    <form
      {...signInForm.attributes}
      onSubmit={form.onSubmit(({ email }) => onSubmit(email))}
      noValidate
      aria-label={t('auth.signin.email.form')}
    >
      {signInForm.hiddenFields}
      <Stack gap="sm">
        <TextInput
          type="email"
          label={t('auth.signin.email.label')}
          autoComplete="email"
          inputMode="email"
          required
          name="email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth leftSection={<IconMail size={20} aria-hidden />} loading={pending} disabled={disabled}>
          {t('auth.signin.email.submit')}
        </Button>
      </Stack>
    </form>
  );
}
