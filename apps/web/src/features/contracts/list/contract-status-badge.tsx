import { Badge } from '@mantine/core';
import type { ContractStatus } from '@portal/schema/enums';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS } from '../../../shared/ui/status-colours.ts';

/** Dark enough for white text (≥ 6:1) on any theme, light or dark. */
const COLOURS: Record<ContractStatus, string> = {
  draft: STATUS_COLOURS.neutral,
  'awaiting-signature': STATUS_COLOURS.waiting,
  signed: STATUS_COLOURS.info,
  active: STATUS_COLOURS.done,
  ending: STATUS_COLOURS.waiting,
  ended: STATUS_COLOURS.neutral,
  cancelled: STATUS_COLOURS.neutral,
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
