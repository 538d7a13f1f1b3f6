import { Button, Code, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry, AuditEvent } from '@portal/schema/admin';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../shared/format/site-time.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { auditCsvUrl, auditPageQueryOptions, type AuditFilter } from './audit-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';

const shown = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value, null, 1));

/** Events whose stored details are a value a person recognises (a host, a form, a language, a client code). */
const VALUE_DETAILS = new Set<AuditEvent>([
  'site-domain-added',
  'site-domain-removed',
  'site-meta-fields-changed',
  'feedback-form-added',
  'feedback-form-updated',
  'feedback-answers-deleted',
  'customer-card-opened',
  'other',
]);

/** The part of the customer's data, or the meter command, an event names, in the reader's language. */
function subjectText(entry: AuditEntry, t: TFunction): string {
  if (!entry.subject) return '';
  if (entry.event === 'load-control-command') return t(`admin.audit.command.${entry.subject}`);
  if (entry.event === 'customer-data-read' || entry.event === 'customer-data-changed') return t(`data-access.area.${entry.subject}`);
  return '';
}

/**
 * /admin/audit: who did what on the site (staff acting for customers, administrators' changes with what they replaced),
 * filtered and paged, and the whole filtered log as CSV from the server (docs/decisions/072).
 */
export function AuditPage() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(t('admin.audit.title'));
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const query = useQuery(auditPageQueryOptions(site.id, filter, page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('admin.audit.title')}</Title>
          <Text c="dimmed">{t('admin.audit.description')}</Text>
        </Stack>
        <Button
          component="a"
          href={auditCsvUrl(site.id, filter)}
          download
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          {t('admin.audit.export')}
        </Button>
      </Group>
      <AuditFilters
        onApply={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      {!data ? (
        <LoadState query={query} height={320} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('admin.audit.count', { count: data.total })}
          </Text>
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="xs" aria-label={t('admin.audit.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.audit.at')}</Table.Th>
                  <Table.Th>{t('admin.audit.person')}</Table.Th>
                  <Table.Th>{t('admin.audit.customer')}</Table.Th>
                  <Table.Th>{t('admin.audit.action')}</Table.Th>
                  <Table.Th>{t('admin.audit.outcome')}</Table.Th>
                  <Table.Th>{t('admin.audit.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} timezone={site.timezone} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.total === 0 && <Text c="dimmed">{t('admin.audit.empty')}</Text>}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`admin.pagination.${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('admin.pagination.page', { page: item }) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function AuditRow({ entry, timezone }: { entry: AuditEntry; timezone: string }) {
  const { t } = useTranslation();
  const before = shown(entry.before);
  const after = shown(entry.after);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, timezone)}</Table.Td>
      <Table.Td>{entry.personName ?? '–'}</Table.Td>
      <Table.Td>{entry.customerCode ? `${entry.customerName ?? ''} (${entry.customerCode})` : '–'}</Table.Td>
      <Table.Td>
        <Text size="sm">{t(`admin.audit.event.${entry.event}`, { area: subjectText(entry, t), command: subjectText(entry, t) })}</Text>
        {entry.details && VALUE_DETAILS.has(entry.event) && (
          <Text size="xs" c="dimmed">
            {entry.details}
          </Text>
        )}
        {entry.event === 'other' && (
          <Text size="xs" c="dimmed">
            {t('admin.audit.technical')}: <Code>{entry.action}</Code>
          </Text>
        )}
      </Table.Td>
      <Table.Td>{t(`admin.audit.result.${entry.result}`, { count: entry.count })}</Table.Td>
      <Table.Td>
        {before !== null || after !== null ? (
          <Stack gap={4}>
            <Text size="xs" fw={600}>
              {t('admin.audit.before')}
            </Text>
            <Code block style={{ maxWidth: 360, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {before ?? '–'}
            </Code>
            <Text size="xs" fw={600}>
              {t('admin.audit.after')}
            </Text>
            <Code block style={{ maxWidth: 360, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {after ?? '–'}
            </Code>
          </Stack>
        ) : (
          '–'
        )}
      </Table.Td>
    </Table.Tr>
  );
}
