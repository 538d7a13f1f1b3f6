import { Badge } from '@mantine/core';
import type { ContractStatus } from '@portal/schema/enums';
import { useTranslation } from 'react-i18next';

/** Dark enough for white text (≥ 6:1) on any theme, light or dark. */
const COLOURS: Record<ContractStatus, string> = {
  draft: '#4A5059',
  'awaiting-signature': '#8A5300',
  signed: '#1F4E99',
  active: '#1B6E2E',
  ending: '#8A5300',
  ended: '#4A5059',
  cancelled: '#4A5059',
};

/** The contract's status as a chip (docs/decisions/030-contract-life-cycle.md). */
export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status]} variant="filled" data-status={status}>
      {t(`contracts.status.${status}`)}
    </Badge>
  );
}
