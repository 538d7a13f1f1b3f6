import { Divider, Stack } from '@mantine/core';
import { AccountClosingSection } from './account-closing-section.tsx';
import { DataExportTab } from './data-export-tab.tsx';

/** Settings → "A copy of my data": the copy (Art. 15, 20) and, below it, closing the account (Art. 17). */
export function MyDataTab() {
  return (
    <Stack gap="xl">
      <DataExportTab />
      <Divider />
      <AccountClosingSection />
    </Stack>
  );
}
