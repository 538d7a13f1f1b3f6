import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketDetail } from '@portal/schema/support';

/** Dark enough for white text (≥ 6:1) on any theme, light or dark, as the contract status chips. */
const COLOURS: Record<TicketDetail['statusName'], string> = {
  OPEN: '#1F4E99',
  ASSIGNED: '#8A5300',
  CANCELLED: '#4A5059',
  RESOLVED: '#1B6E2E',
  NONE: '#4A5059',
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
