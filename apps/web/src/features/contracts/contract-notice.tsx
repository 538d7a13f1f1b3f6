import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { color: 'blue' | 'green' | 'yellow'; icon?: ReactNode; title: string; children?: ReactNode };

/**
 * A notice of the contract pages (move-out, signing, offers). Its title is in the text colour, not the alert's: Mantine's light alerts write
 * the title in shade 6 of their colour, which is below WCAG AA contrast on their own tinted background.
 */
export function ContractNotice({ color, icon, title, children }: Props) {
  return (
    <Alert color={color} icon={icon}>
      <Stack gap="xs" align="flex-start">
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </Alert>
  );
}
