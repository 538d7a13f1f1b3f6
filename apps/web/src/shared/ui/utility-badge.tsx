import { Badge } from '@mantine/core';
import type { Utility } from '@portal/schema/enums';
import { useTranslation } from 'react-i18next';

/** Screen 8: a badge in the theme's colour for the utility (CSS variables set by the theme). */
export function UtilityBadge({ utility }: { utility: Utility }) {
  const { t } = useTranslation();
  return (
    <Badge color={`var(--portal-utility-${utility})`} variant="filled" autoContrast>
      {t(`utility.${utility}`)}
    </Badge>
  );
}
