import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFeedbackForm } from '@portal/schema/feedback';
import { saveCsv, writeCsv } from '../../shared/csv/csv-writer.ts';
import { formatDateTime } from '../../shared/format/site-time.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { openConfirm } from '../../shared/ui/confirm-modal.ts';
import { RatingDistribution } from './rating-distribution.tsx';
import {
  feedbackSubmissionsQueryOptions,
  siteFeedbackFormsQueryOptions,
  useAddFeedbackForm,
  useDeleteFeedbackSubmissions,
  useUpdateFeedbackForm,
} from './feedback-admin-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';
import { STATUS_COLOURS } from '../../shared/ui/status-colours.ts';

/**
 * /admin/feedback: a site administrator's survey forms (add, activate, renew) and the answers of one form with
 * the average and a chart of how many gave each rating; answers can be deleted (docs/decisions/050-feedback-survey.md).
 */
export function FeedbackAdminPage() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(t('feedback.admin.title'));
  const forms = useQuery(siteFeedbackFormsQueryOptions(site.id));
  const add = useAddFeedbackForm(site.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = chosen ?? forms.data?.find((form) => form.active)?.formId ?? forms.data?.[0]?.formId ?? null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('feedback.admin.title')}</Title>
          <Text c="dimmed">{t('feedback.admin.description')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} loading={add.isPending} onClick={() => add.mutate(undefined)}>
          {t('feedback.admin.add')}
        </Button>
      </Group>
      {!forms.data ? (
        <LoadState query={forms} height={120} />
      ) : forms.data && forms.data.length > 0 ? (
        <FormTable forms={forms.data} shown={shown} onShow={setChosen} />
      ) : (
        <Alert variant="light">{t('feedback.admin.no-forms')}</Alert>
      )}
      {shown && <Submissions formId={shown} />}
    </Stack>
  );
}

function FormTable({ forms, shown, onShow }: { forms: AdminFeedbackForm[]; shown: string | null; onShow: (formId: string) => void }) {
  const { t } = useTranslation();
  const site = useSite();
  const update = useUpdateFeedbackForm(site.id);
  const busy = update.isPending ? update.variables?.formId : undefined;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={t('feedback.admin.forms')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('feedback.admin.created')}</Table.Th>
            <Table.Th>{t('feedback.admin.refreshed')}</Table.Th>
            <Table.Th>{t('feedback.admin.state')}</Table.Th>
            <Table.Th>{t('feedback.admin.answers')}</Table.Th>
            <Table.Th>{t('feedback.admin.average')}</Table.Th>
            <Table.Th>{t('feedback.admin.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {forms.map((form) => (
            <Table.Tr key={form.formId} aria-current={form.formId === shown || undefined}>
              <Table.Td>{formatDateTime(form.createdAt, site.timezone)}</Table.Td>
              <Table.Td>{formatDateTime(form.refreshedAt, site.timezone)}</Table.Td>
              <Table.Td>
                <Badge color={form.active ? STATUS_COLOURS.done : STATUS_COLOURS.neutral} variant="filled">
                  {form.active ? t('feedback.admin.active') : t('feedback.admin.inactive')}
                </Badge>
              </Table.Td>
              <Table.Td>{form.submissionCount}</Table.Td>
              <Table.Td>{form.averageRating === null ? '–' : form.averageRating.toFixed(2)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    loading={busy === form.formId}
                    onClick={() => update.mutate({ formId: form.formId, active: !form.active })}
                  >
                    {form.active ? t('feedback.admin.deactivate') : t('feedback.admin.activate')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={busy === form.formId}
                    onClick={() =>
                      openConfirm({
                        title: t('feedback.admin.renew'),
                        children: t('feedback.admin.renew-confirm'),
                        onConfirm: () => update.mutate({ formId: form.formId, renew: true }),
                      })
                    }
                  >
                    {t('feedback.admin.renew')}
                  </Button>
                  <Button size="xs" variant="subtle" onClick={() => onShow(form.formId)} disabled={form.formId === shown}>
                    {t('feedback.admin.show-answers')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Submissions({ formId }: { formId: string }) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const answers = useQuery(feedbackSubmissionsQueryOptions(site.id, formId));
  const remove = useDeleteFeedbackSubmissions(site.id);
  if (!answers.data) return <LoadState query={answers} height={160} />;
  const { form, distribution, submissions } = answers.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="feedback-answers">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="feedback-answers">
            {t('feedback.admin.answers-of', { created: formatDateTime(form.createdAt, site.timezone) })}
          </Title>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              disabled={submissions.length === 0}
              onClick={() =>
                saveCsv(
                  writeCsv(
                    [t('feedback.admin.answered'), t('feedback.admin.rating'), t('feedback.admin.text')],
                    submissions.map((answer) => [formatDateTime(answer.createdAt, site.timezone), answer.rating, answer.openText]),
                    i18n.language,
                  ),
                  `feedback-${site.id}-${form.createdAt.slice(0, 10)}.csv`,
                )
              }
            >
              {t('feedback.admin.download-csv')}
            </Button>
            <Button
              color="red"
              variant="light"
              disabled={submissions.length === 0}
              loading={remove.isPending}
              onClick={() =>
                openConfirm({
                  title: t('feedback.admin.delete-answers'),
                  children: t('feedback.admin.delete-confirm', { count: submissions.length }),
                  danger: true,
                  onConfirm: () => remove.mutate(form.formId),
                })
              }
            >
              {t('feedback.admin.delete-answers')}
            </Button>
          </Group>
        </Group>
        <Text data-testid="feedback-average">
          {form.averageRating === null
            ? t('feedback.admin.no-answers')
            : t('feedback.admin.average-of', { average: form.averageRating.toFixed(2), count: form.submissionCount })}
        </Text>
        {submissions.length > 0 && <RatingDistribution distribution={distribution} />}
        {submissions.length > 0 && (
          <Table aria-label={t('feedback.admin.answers')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('feedback.admin.answered')}</Table.Th>
                <Table.Th>{t('feedback.admin.rating')}</Table.Th>
                <Table.Th>{t('feedback.admin.text')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {submissions.map((answer) => (
                <Table.Tr key={answer.id}>
                  <Table.Td>{formatDateTime(answer.createdAt, site.timezone)}</Table.Td>
                  <Table.Td>{answer.rating}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{answer.openText ?? '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
