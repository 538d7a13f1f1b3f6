import { Badge, Button, Group, Modal, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTranslationEntry } from '@portal/schema/admin';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { TranslationEditor } from './translation-editor.tsx';
import { siteTranslationsQueryOptions, useSaveTranslations } from './translation-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { STATUS_COLOURS } from '../../shared/ui/status-colours.ts';

const PAGE_SIZE = 25;

/** Whether a text matches the search: its key, its shipped or English text, or the site's own text. */
const matches = (entry: AdminTranslationEntry, search: string) =>
  [entry.key, entry.defaultText, entry.fallbackText, entry.override].some((text) => text?.toLocaleLowerCase().includes(search));

/**
 * /admin/translations: the site's own wording of the interface, per language (ADMIN_LOCALIZATION, decision 073). Texts
 * the language lacks come first; a saved text is served from the next page load on every server copy.
 */
export function TranslationsPage() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(t('admin.translations.title'));
  const [locale, setLocale] = useState<string>(site.defaultLocaleId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim().toLocaleLowerCase(), 200);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const query = useQuery(siteTranslationsQueryOptions(site.id, locale));
  const data = query.data;
  const save = useSaveTranslations(site.id, locale);

  const found = useMemo(() => (data ? data.entries.filter((entry) => !debounced || matches(entry, debounced)) : []), [data, debounced]);
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const shown = found.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const entry = editing ? data?.entries.find((item) => item.key === editing) : undefined;

  const send = (key: string, text: string | null) =>
    save.mutate(
      { [key]: text },
      {
        onSuccess: () => {
          setEditing(null);
          notifications.show({ color: 'green', message: text === null ? t('admin.translations.reverted') : t('admin.saved-next-load') });
        },
      },
    );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('admin.translations.title')}</Title>
        <Text c="dimmed">{t('admin.translations.description')}</Text>
      </Stack>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('admin.translations.locale')}
          data={site.locales.map(({ id, name }) => ({ value: id, label: name }))}
          value={locale}
          onChange={(value) => {
            if (value) setLocale(value);
            setPage(1);
          }}
          allowDeselect={false}
          w={200}
        />
        <TextInput
          label={t('admin.translations.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
      </Group>
      {!data ? (
        <LoadState query={query} height={400} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('admin.translations.count', { count: found.length })}
          </Text>
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs" aria-label={t('admin.translations.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.translations.key')}</Table.Th>
                  <Table.Th>{t('admin.translations.default')}</Table.Th>
                  <Table.Th>{t('admin.translations.override')}</Table.Th>
                  <Table.Th>{t('admin.translations.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((item) => (
                  <Table.Tr key={item.key}>
                    <Table.Td>
                      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {item.key}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {item.defaultText === null ? (
                        <Stack gap={2}>
                          <Badge color={STATUS_COLOURS.waiting} variant="filled">
                            {t('admin.translations.missing')}
                          </Badge>
                          <Text size="sm" c="dimmed">
                            {item.fallbackText}
                          </Text>
                        </Stack>
                      ) : (
                        <Text size="sm">{item.defaultText}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={item.override ? 600 : undefined} c={item.override ? undefined : 'dimmed'}>
                        {item.override ?? '–'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(item.key)}
                        aria-label={t('admin.translations.edit-key', { key: item.key })}
                      >
                        {t('admin.translations.edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`admin.pagination.${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('admin.pagination.page', { page: item }) })}
            />
          )}
        </>
      )}
      <Modal opened={!!entry} onClose={() => setEditing(null)} title={t('admin.translations.edit-title')} size="lg">
        {entry && (
          <TranslationEditor
            entry={entry}
            locale={locale}
            saving={save.isPending}
            onSave={(text) => send(entry.key, text)}
            onRevert={() => send(entry.key, null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
