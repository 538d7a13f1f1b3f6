import { Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconPackageExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DATA_EXPORT_DAYS, type DataExportView } from '@portal/schema/data-export';
import { formatDateTime } from '../../../shared/format/site-time.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { LoadState } from '../../../shared/ui/load-state.tsx';
import { dataExportsQueryOptions, useDownloadDataExport, useRequestDataExport } from './data-export-queries.ts';
import { STATUS_COLOURS as PALETTE } from '../../../shared/ui/status-colours.ts';

const STATUS_COLOURS = { queued: PALETTE.info, ready: PALETTE.done, failed: PALETTE.problem } as const;

/**
 * "A copy of my data" (GDPR Art. 15 and 20, docs/decisions/110): ask for a ZIP of everything the portal holds about
 * the customer, see it being made, and download it while it is kept.
 */
export function DataExportTab() {
  const { t } = useTranslation();
  const site = useSite();
  const copies = useQuery(dataExportsQueryOptions);
  const request = useRequestDataExport();
  const download = useDownloadDataExport();
  const making = copies.data?.some((copy) => copy.status === 'queued') ?? false;
  const statusText = (copy: DataExportView) =>
    copy.status === 'ready' && copy.expiresAt
      ? t('settings.data-export.status.ready', { date: formatDateTime(copy.expiresAt, site.timezone) })
      : t(`settings.data-export.status.${copy.status}`);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('settings.tab.my-data')}
        </Title>
        <Text c="dimmed">{t('settings.data-export.description', { days: DATA_EXPORT_DAYS })}</Text>
      </Stack>
      <Group>
        <Button
          leftSection={<IconPackageExport size={18} aria-hidden />}
          loading={request.isPending}
          disabled={making}
          onClick={() => request.mutate()}
        >
          {t('settings.data-export.request')}
        </Button>
        {making && (
          <Text size="sm" role="status">
            {t('settings.data-export.requested')}
          </Text>
        )}
      </Group>
      {!copies.data ? (
        <LoadState query={copies} height={120} />
      ) : (
        copies.data.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label={t('settings.data-export.list-label')} data-testid="data-exports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('settings.data-export.asked')}</Table.Th>
                  <Table.Th scope="col">{t('settings.data-export.state')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('settings.data-export.download')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {copies.data.map((copy) => (
                  <Table.Tr key={copy.id}>
                    <Table.Td>{formatDateTime(copy.createdAt, site.timezone)}</Table.Td>
                    <Table.Td>
                      <Badge variant="filled" color={STATUS_COLOURS[copy.status]}>
                        {statusText(copy)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {copy.status === 'ready' && (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconDownload size={16} aria-hidden />}
                          loading={download.isPending && download.variables === copy.id}
                          onClick={() => download.mutate(copy.id)}
                        >
                          {t('settings.data-export.download')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      )}
    </Stack>
  );
}
