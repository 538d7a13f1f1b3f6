import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketDetail } from '@portal/schema/support';
import { STATUS_COLOURS } from '../../shared/ui/status-colours.ts';

/** Dark enough for white text (≥ 6:1) on any theme, light or dark, as the contract status chips. */
const COLOURS: Record<TicketDetail['statusName'], string> = {
  OPEN: STATUS_COLOURS.info,
  ASSIGNED: STATUS_COLOURS.waiting,
  CANCELLED: STATUS_COLOURS.neutral,
  RESOLVED: STATUS_COLOURS.done,
  NONE: STATUS_COLOURS.neutral,
};

/** A ticket's status by its display name (spec §4), translated. */
export function TicketStatusBadge({ statusName }: { statusName: TicketDetail['statusName'] }) {
  const { t } = useTranslation();
  return (
    // Beside a long title on a phone the badge keeps its width: a cut status says nothing.
    <Badge color={COLOURS[statusName]} variant="filled" data-status={statusName} style={{ flexShrink: 0 }}>
      {t(`support.status.${statusName}`)}
    </Badge>
  );
}
