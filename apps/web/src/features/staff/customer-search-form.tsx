import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { customerSearchQuery } from '@portal/schema/customer-search';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';

type Props = { initialQuery: string; onSearch: (q: string) => void };

/** The one search box: anything a caller can tell about themself (docs/decisions/075). */
export function CustomerSearchForm({ initialQuery, onSearch }: Props) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { q: initialQuery },
    validate: zodFormResolver(customerSearchQuery.pick({ q: true }), (issue) =>
      issue.code === 'too_big' ? t('staff.search.too-long') : t('staff.search.too-short'),
    ),
  });
  return (
    <form role="search" aria-label={t('staff.search.label')} noValidate onSubmit={form.onSubmit(({ q }) => onSearch(q.trim()))}>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          flex={1}
          label={t('staff.search.field')}
          description={t('staff.search.hint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          autoComplete="off"
          type="search"
          {...form.getInputProps('q')}
        />
        <Button type="submit" mb={form.errors.q ? 26 : 0}>
          {t('staff.search.submit')}
        </Button>
      </Group>
    </form>
  );
}
