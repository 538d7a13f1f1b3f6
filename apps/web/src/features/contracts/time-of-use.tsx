import { Text } from '@mantine/core';
import type { PriceComponentKind } from '@portal/schema/enums';
import { componentTextName, isSeasonal, isTimeOfUse } from '@portal/schema/time-of-use';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../shared/site/site-context.tsx';

/**
 * A price component's name as its price list charges it (decision 129): Day and Night of a seasonal list are the
 * summer's, since in winter the winter components replace them.
 */
export function useComponentName() {
  const { t } = useTranslation();
  return (kind: PriceComponentKind, kinds: readonly PriceComponentKind[]) => t(`contracts.component.${componentTextName(kind, kinds)}`);
}

/**
 * When a time-of-use price list's hours are, said once under its prices: the site's clock, and for a seasonal list
 * the exact winter weekday rule (1 November – 31 March, Monday to Saturday 07:00–22:00, public holidays included).
 */
export function TimeOfUseNote({ kinds }: { kinds: readonly PriceComponentKind[] }) {
  const { t } = useTranslation();
  const site = useSite();
  if (!isTimeOfUse(kinds)) return null;
  return (
    <Text size="xs" c="dimmed" component="span" display="block">
      {t(isSeasonal(kinds) ? 'contracts.time-of-use.seasonal-note' : 'contracts.time-of-use.note', { timezone: site.timezone })}
    </Text>
  );
}
