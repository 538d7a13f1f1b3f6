import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileSpreadsheet, IconFileTypeXml, IconPackageExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReadingDownloadFormat } from '@portal/schema/energy';
import { useDownloadReadings } from './readings-queries.ts';

type Props = { meteringPointId: string; from: string; to: string };

/**
 * "Download my data" (docs/decisions/109): the period's stored readings at the meter's own resolution, as Green Button
 * XML for apps that read ESPI, or as CSV in the data hub's layout for a spreadsheet.
 */
export function ReadingsDownloadMenu({ meteringPointId, from, to }: Props) {
  const { t } = useTranslation();
  const download = useDownloadReadings();
  const save = (format: ReadingDownloadFormat) => download.mutate({ meteringPointId, from, to, format });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconPackageExport size={18} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          loading={download.isPending}
        >
          {t('charts.download.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('charts.download.label')}</Menu.Label>
        <Menu.Item leftSection={<IconFileTypeXml size={16} aria-hidden />} onClick={() => save('espi')}>
          {t('charts.download.espi')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => save('csv')}>
          {t('charts.download.csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
