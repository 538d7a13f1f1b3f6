import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BOOKKEEPING_YEARS } from '@portal/schema/erasure';
import { ApiError } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/format/site-time.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { openConfirm } from '../../../shared/ui/confirm-modal.ts';
import { LoadState } from '../../../shared/ui/load-state.tsx';
import { erasureRequestQueryOptions, useRequestErasure } from './account-closing-queries.ts';
import { STATUS_COLOURS } from '../../../shared/ui/status-colours.ts';

/**
 * "Close my account" (GDPR Art. 17, docs/decisions/122): what is removed, what bookkeeping law keeps and for how
 * long, the request behind a confirmation, and its state; a refusal shows the server's reason.
 */
export function AccountClosingSection() {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const mine = useQuery(erasureRequestQueryOptions);
  const request = useRequestErasure();
  const refusal = request.error instanceof ApiError && request.error.code ? `errors.codes.${request.error.code}` : null;
  const asked = mine.data?.request;
  return (
    <Stack gap="sm" component="section" aria-labelledby="account-closing-title">
      <Title order={2} size="h3" id="account-closing-title">
        {t('settings.account-closing.title')}
      </Title>
      <Text c="dimmed">{t('settings.account-closing.description')}</Text>
      <List spacing={4} size="sm">
        <List.Item>{t('settings.account-closing.removed')}</List.Item>
        <List.Item>{t('settings.account-closing.kept', { years: BOOKKEEPING_YEARS[site.countryCode] })}</List.Item>
      </List>
      {!mine.data ? (
        <LoadState query={mine} height={60} />
      ) : asked ? (
        <Alert color="blue" role="status" data-testid="erasure-request">
          {t('settings.account-closing.requested', { date: formatDateTime(asked.requestedAt, site.timezone) })}
        </Alert>
      ) : (
        <div>
          <Button
            color={STATUS_COLOURS.problem}
            variant="outline"
            leftSection={<IconUserOff size={18} aria-hidden />}
            loading={request.isPending}
            onClick={() =>
              openConfirm({
                title: t('settings.account-closing.confirm-title'),
                children: t('settings.account-closing.confirm-body'),
                danger: true,
                onConfirm: () => request.mutate(),
              })
            }
          >
            {t('settings.account-closing.request')}
          </Button>
        </div>
      )}
      {refusal && (
        <Alert color="yellow" title={t('settings.account-closing.refused')} data-testid="erasure-refused">
          {i18n.exists(refusal) ? t(refusal) : (request.error as ApiError).message}
        </Alert>
      )}
    </Stack>
  );
}
