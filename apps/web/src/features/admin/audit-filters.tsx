import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { auditQuery } from '@portal/schema/admin';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { DateField } from '../../shared/ui/date-field.tsx';
import type { AuditFilter } from './audit-queries.ts';

type Values = { person: string; customer: string; action: string; from: string | null; to: string | null };

const toFilter = (values: Values): AuditFilter =>
  Object.fromEntries(
    Object.entries(values)
      .map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value])
      .filter(([, value]) => value),
  ) as AuditFilter;

/** Who, for whom, what and when: the filter applies on submit, checked as the server checks it. */
export function AuditFilters({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: { person: '', customer: '', action: '', from: null, to: null },
    validate: (values) => zodFormResolver(auditQuery, () => t('admin.audit.range-invalid'))(toFilter(values)),
  });
  return (
    <form onSubmit={form.onSubmit((values) => onApply(toFilter(values)))} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        <TextInput label={t('admin.audit.person')} {...form.getInputProps('person')} />
        <TextInput label={t('admin.audit.customer')} {...form.getInputProps('customer')} />
        <TextInput label={t('admin.audit.action')} {...form.getInputProps('action')} />
        <DateField label={t('admin.audit.from')} clearable {...form.getInputProps('from')} />
        <DateField label={t('admin.audit.to')} clearable {...form.getInputProps('to')} />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button type="submit">{t('admin.audit.apply')}</Button>
        <Button
          variant="default"
          onClick={() => {
            form.reset();
            onApply({});
          }}
        >
          {t('admin.audit.clear')}
        </Button>
      </Group>
    </form>
  );
}
