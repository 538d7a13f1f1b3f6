import { Button, Container, Group, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDraft } from '../../../shared/forms/use-form-draft.ts';
import { useLeavePageGuard } from '../../../shared/forms/use-leave-page-guard.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import classes from './sign-page.module.css';
import { SignBillingStep } from './sign-billing-step.tsx';
import { emptySign, SIGN_STEPS, signRequestOf, stepErrors, validateSign, type SignValues } from './sign-form.ts';
import { SignProductStep } from './sign-product-step.tsx';
import { SignReviewStep } from './sign-review-step.tsx';
import { SignStartStep } from './sign-start-step.tsx';
import { SignUsagePointStep } from './sign-usage-point-step.tsx';
import { goToSigning, startInfoQueryOptions, useCreateContract } from './signing-queries.ts';

/**
 * /contracts/sign (spec §2, docs/decisions/035-sign-flow.md): usage point → product → start → billing and contact →
 * review → sign. The values are an encrypted draft (decision 027), restored after a reload with the spec's prompt;
 * leaving with unsaved changes warns. Signing sends the browser to the signing service, which brings it back to the
 * confirmation page.
 */
export function SignPage() {
  const { t } = useTranslation();
  usePageTitle(t('signing.page-title'));
  const site = useSite();
  const navigate = useNavigate();
  const estonian = site.countryCode === 'EE';
  const create = useCreateContract();
  const [leaving, setLeaving] = useState(false);
  const form = useForm<SignValues>({ mode: 'controlled', initialValues: emptySign('') });
  const { clearDraft } = useFormDraft(form, 'contract-sign');
  useLeavePageGuard(form.isDirty() && !leaving);
  const values = form.getValues();
  const startInfo = useQuery(startInfoQueryOptions(values.objectId || null, null)).data;
  const window = startInfo?.windows[values.reason] ?? null;
  const step = SIGN_STEPS[values.step] ?? 'usage-point';

  const errorsOf = (current: SignValues) =>
    validateSign(current, { countryCode: site.countryCode, window }, (field) =>
      t(`signing.error.${field}`, { defaultValue: t('signing.error.generic') }),
    );

  const next = () => {
    const errors = stepErrors(errorsOf(form.getValues()), step);
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) form.setFieldValue('step', values.step + 1);
  };

  const submit = form.onSubmit(() => {
    const errors = errorsOf(form.getValues());
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    create.mutate(signRequestOf(form.getValues(), estonian), {
      onSuccess: (started) => {
        clearDraft();
        setLeaving(true);
        if (goToSigning(started)) void navigate({ to: '/contracts/sign/confirmation', search: { signingToken: started.signingToken } });
      },
    });
  });

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageTitle title={t('signing.title')} description={t('signing.description')} />
        <form onSubmit={submit} noValidate aria-describedby="sign-step-label">
          <Text id="sign-step-label" fw={600} hiddenFrom="sm" className={classes.stepLabel}>
            {t('signing.step.of', { number: values.step + 1, total: SIGN_STEPS.length, name: t(`signing.step.${step}`) })}
          </Text>
          <Stepper
            active={values.step}
            size="sm"
            allowNextStepsSelect={false}
            onStepClick={(index) => form.setFieldValue('step', index)}
            classNames={{ stepBody: classes.stepBody }}
          >
            <Stepper.Step label={t('signing.step.usage-point')}>
              {step === 'usage-point' && <SignUsagePointStep form={form} />}
            </Stepper.Step>
            <Stepper.Step label={t('signing.step.product')}>{step === 'product' && <SignProductStep form={form} />}</Stepper.Step>
            <Stepper.Step label={t('signing.step.start')}>
              {step === 'start' && <SignStartStep form={form} window={window} reasonText={t(`signing.reason.${values.reason}-rule`)} />}
            </Stepper.Step>
            <Stepper.Step label={t('signing.step.billing')}>{step === 'billing' && <SignBillingStep form={form} />}</Stepper.Step>
            <Stepper.Step label={t('signing.step.review')}>{step === 'review' && <SignReviewStep form={form} />}</Stepper.Step>
          </Stepper>
          <Group justify="space-between" mt="xl">
            <Button variant="default" disabled={values.step === 0} onClick={() => form.setFieldValue('step', values.step - 1)}>
              {t('signing.back')}
            </Button>
            {step === 'review' ? (
              <Button type="submit" loading={create.isPending} leftSection={<IconSignature size={18} aria-hidden />}>
                {t('signing.sign')}
              </Button>
            ) : (
              <Button onClick={next}>{t('signing.next')}</Button>
            )}
          </Group>
        </form>
      </Stack>
    </Container>
  );
}
