import { Alert, Button, Checkbox, Group, Radio, Select, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { contactPreference as contactPreferences, MARKETING_CHANNELS, type MarketingChannel } from '@portal/schema/enums';
import { updateProfileRequest, type Profile, type UpdateProfileRequest } from '@portal/schema/identity';
import { ApiError } from '../../../shared/api/api-error.ts';
import { zodFormResolver } from '../../../shared/forms/zod-form-resolver.ts';
import { useFeature, useSite } from '../../../shared/site/site-context.tsx';
import { useProfile } from '../../../shared/auth/profile.ts';
import { useUpdateProfile } from './profile-queries.ts';
import { useLeavePageGuard } from '../../../shared/forms/use-leave-page-guard.ts';
import { useFormDraft } from '../../../shared/forms/use-form-draft.ts';
import { useActorInfo } from '../../../shared/auth/actor-info.ts';
import { formatDay } from '@portal/schema/calendar-dates';
import { useMembership } from './membership-queries.ts';

type Values = {
  email: string;
  phone: string;
  preferredLocale: string;
  contactPreference: Profile['contactPreference'];
  marketingChannels: MarketingChannel[];
};

const valuesOf = (profile: Profile): Values => ({
  email: profile.email ?? '',
  phone: profile.phone ?? '',
  preferredLocale: profile.preferredLocale ?? '',
  contactPreference: profile.contactPreference,
  marketingChannels: profile.marketingChannels,
});

/**
 * The tab's form: name and personal code read-only; the rest checked with the request schema the server uses. Staff
 * acting for a private customer see and change the customer's profile, told so (docs/decisions/046); a company has
 * none. The membership number shows where the site has them.
 */
export function ProfileTab() {
  const { t } = useTranslation();
  const info = useActorInfo({ enabled: true }).data;
  const staff = info?.actingAs === 'staff';
  const company = staff && info.customer?.type === 'legal';
  const { data: profile } = useProfile({ enabled: !!info && !company });
  if (company) {
    return (
      <Alert color="gray" variant="light">
        {t('settings.profile.company')}
      </Alert>
    );
  }
  if (!profile || !info) return <Skeleton h={400} />;
  return (
    <Stack gap="md">
      {staff && (
        <Alert color="blue" variant="light" data-testid="staff-profile-notice">
          {t('settings.profile.staff-notice')}
        </Alert>
      )}
      <ProfileForm profile={profile} hasCustomer={info.customer !== null} />
    </Stack>
  );
}

/** The acting customer's member number in a cooperative utility (MEMBERSHIP_NUMBER). */
function MembershipNumber() {
  const { t } = useTranslation();
  const membership = useMembership({ enabled: true }).data;
  if (!membership) return <Skeleton h={56} />;
  return (
    <TextInput
      label={t('settings.profile.membership')}
      value={membership.membershipNumber ?? t('settings.profile.not-member')}
      description={membership.memberSince ? t('settings.profile.member-since', { date: formatDay(membership.memberSince) }) : undefined}
      readOnly
      variant="filled"
    />
  );
}

function ProfileForm({ profile, hasCustomer }: { profile: Profile; hasCustomer: boolean }) {
  const { t } = useTranslation();
  const site = useSite();
  const phoneOffered = !useFeature('SETTINGS_PHONE_NUMBER_DISABLED');
  const marketingOffered = !useFeature('SETTINGS_MARKETING_CHANNELS_DISABLED');
  const membershipOffered = useFeature('MEMBERSHIP_NUMBER') && hasCustomer;
  const update = useUpdateProfile();

  const toRequest = (values: Values): UpdateProfileRequest => ({
    email: values.email.trim() || null,
    phone: phoneOffered ? values.phone.trim() || null : null,
    preferredLocale: (values.preferredLocale || null) as UpdateProfileRequest['preferredLocale'],
    contactPreference: values.contactPreference,
    ...(marketingOffered ? { marketingChannels: values.marketingChannels } : {}),
  });

  const form = useForm<Values>({
    initialValues: valuesOf(profile),
    validate: (values) =>
      zodFormResolver(updateProfileRequest, (issue) =>
        issue.path[0] === 'email' ? t('settings.profile.error.email') : t('settings.profile.error.invalid'),
      )(toRequest(values)),
  });
  const unsaved = form.isDirty();
  useLeavePageGuard(unsaved);
  const { clearDraft } = useFormDraft(form, 'profile');

  // Another tab or a confirmed link changed the profile: show it, unless the person is typing.
  useEffect(() => {
    if (!form.isDirty()) {
      form.setInitialValues(valuesOf(profile));
      form.setValues(valuesOf(profile));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored profile changes
  }, [profile]);

  const submit = form.onSubmit((values) =>
    update.mutate(toRequest(values), {
      onSuccess: (saved) => {
        clearDraft();
        form.setInitialValues(valuesOf(saved));
        form.setValues(valuesOf(saved));
        const mailed = saved.pendingEmail && saved.pendingEmail !== profile.pendingEmail;
        notifications.show({
          color: 'green',
          message: mailed ? t('settings.profile.saved-email', { email: saved.pendingEmail }) : t('settings.profile.saved'),
        });
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'INVALID_PHONE') form.setFieldError('phone', t('settings.profile.error.phone'));
        if (failure instanceof ApiError && failure.code === 'EMAIL_IN_USE') form.setFieldError('email', t('errors.codes.EMAIL_IN_USE'));
      },
    }),
  );

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('settings.profile.identity')}
        </Title>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label={t('settings.profile.name')} value={profile.name ?? ''} readOnly variant="filled" />
          <TextInput label={t('settings.profile.ssn')} value={profile.ssn ?? ''} readOnly variant="filled" />
        </Group>
        {membershipOffered && <MembershipNumber />}
        <Alert color="gray" variant="light">
          {t('settings.profile.identity-hint')}
        </Alert>
      </Stack>

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('settings.profile.contact-details')}
          </Title>
          <TextInput
            type="email"
            autoComplete="email"
            label={t('settings.profile.email')}
            description={t('settings.profile.email-hint')}
            {...form.getInputProps('email')}
          />
          {profile.pendingEmail && (
            <Alert color="blue" variant="light" data-testid="pending-email">
              {t('settings.profile.email-pending', { email: profile.pendingEmail })}
            </Alert>
          )}
          {phoneOffered && (
            <TextInput
              type="tel"
              autoComplete="tel"
              label={t('settings.profile.phone')}
              description={t('settings.profile.phone-hint')}
              {...form.getInputProps('phone')}
            />
          )}
          <Select
            label={t('settings.profile.language')}
            data={[
              { value: '', label: t('settings.profile.language-default') },
              ...site.locales.map((locale) => ({ value: locale.id, label: locale.name })),
            ]}
            allowDeselect={false}
            {...form.getInputProps('preferredLocale')}
          />
          <Radio.Group label={t('settings.profile.contact-preference')} {...form.getInputProps('contactPreference')}>
            <Group gap="lg" mt={6}>
              {contactPreferences.options.map((option) => (
                <Radio key={option} value={option} label={t(`settings.profile.contact.${option}`)} />
              ))}
            </Group>
          </Radio.Group>
          {marketingOffered && (
            <Checkbox.Group
              label={t('settings.profile.marketing')}
              description={t('settings.profile.marketing-hint')}
              {...form.getInputProps('marketingChannels')}
            >
              <Group gap="lg" mt={6}>
                {MARKETING_CHANNELS.map((channel) => (
                  <Checkbox key={channel} value={channel} label={t(`settings.profile.marketing.${channel}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          <Group gap="sm">
            <Button type="submit" loading={update.isPending}>
              {t('settings.profile.save')}
            </Button>
            <Button variant="default" disabled={!unsaved} onClick={() => form.reset()}>
              {t('settings.profile.undo')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
