import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SATISFACTION_RATINGS, ticketSatisfactionRequest, type TicketSatisfaction } from '@portal/schema/support';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { useRateTicket } from './support-queries.ts';

type Values = { rating: string; comment: string };

/**
 * ADVANCED_SUPPORT (docs/decisions/058): once a request is resolved, the customer rates how it was handled, 1 to 5,
 * with an optional word; a rated request shows the rating given.
 */
export function SatisfactionForm({ ticketId, satisfaction }: { ticketId: string; satisfaction: TicketSatisfaction | null }) {
  const { t } = useTranslation();
  const rate = useRateTicket();
  const form = useForm<Values>({
    initialValues: { rating: '', comment: '' },
    validate: (values) =>
      zodFormResolver(ticketSatisfactionRequest, (issue) =>
        t(issue.path[0] === 'comment' ? 'support.rating.error.comment' : 'support.rating.error.rating'),
      )(requestOf(values)),
  });
  if (satisfaction) {
    return (
      <Text size="sm" data-testid="ticket-rating">
        {t('support.rating.given', { rating: satisfaction.rating })}
      </Text>
    );
  }
  const submit = form.onSubmit((values) => rate.mutate({ id: ticketId, satisfaction: requestOf(values) }));
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xs">
        <Radio.Group label={t('support.rating.question')} withAsterisk {...form.getInputProps('rating')}>
          <Group gap="md" mt={4}>
            {SATISFACTION_RATINGS.map((rating) => (
              <Radio key={rating} value={String(rating)} label={t(`support.rating.${rating}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea label={t('support.rating.comment')} rows={2} {...form.getInputProps('comment')} />
        <Group>
          <Button type="submit" variant="light" loading={rate.isPending}>
            {t('support.rating.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function requestOf(values: Values) {
  return { rating: values.rating ? Number(values.rating) : Number.NaN, ...(values.comment.trim() ? { comment: values.comment } : {}) };
}
