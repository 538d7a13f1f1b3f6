import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { staffActingCustomerRequest } from '@portal/schema/identity';
import { zodFormResolver } from '../forms/zod-form-resolver.ts';
import { useStartActingForCustomer, type ActingCustomer } from './staff-acting-customer.ts';

type Props = { onStarted: (customer: ActingCustomer) => void };

/**
 * Customer-service staff start acting for a customer of their site by client code (decision 009). Loaded on
 * demand, so the validation library stays out of the pages' first load.
 */
export function ActForCustomerForm({ onStarted }: Props) {
  const { t } = useTranslation();
  const start = useStartActingForCustomer();
  const form = useForm({
    initialValues: { clientCode: '' },
    validate: zodFormResolver(staffActingCustomerRequest, (issue) =>
      issue.code === 'too_big' ? t('user-menu.staff.client-code-too-long') : t('user-menu.staff.client-code-required'),
    ),
    transformValues: (values) => staffActingCustomerRequest.parse(values),
  });
  const submit = form.onSubmit(({ clientCode }) =>
    start.mutate(clientCode, {
      onSuccess: (customer) => {
        form.reset();
        onStarted(customer);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('user-menu.staff.form')}>
      <Stack gap="sm">
        <TextInput label={t('user-menu.staff.client-code')} required autoComplete="off" {...form.getInputProps('clientCode')} />
        <Button type="submit" loading={start.isPending}>
          {t('user-menu.staff.start')}
        </Button>
      </Stack>
    </form>
  );
}
