import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  FEEDBACK_RATINGS,
  feedbackRatingMessageKey,
  feedbackSendRequest,
  MAX_OPEN_TEXT_LENGTH,
  type FeedbackForm,
} from '@portal/schema/feedback';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error.ts';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { useSendFeedback } from './feedback-queries.ts';

type Props = { form: FeedbackForm; onHandled: () => void };

/**
 * Spec §2 screen 4: the dialog titled "feedback", full screen on small devices and 55rem wide otherwise; a required
 * rating 1–5, each with its own label; an optional six-row text; submit. Loaded on demand, so zod stays out of the
 * first load. Closing or answering is reported to the caller, which writes the feedback-handled cookie (spec §4).
 */
export default function FeedbackDialog({ form, onHandled }: Props) {
  const { t } = useTranslation();
  const small = useMediaQuery('(max-width: 48em)');
  const send = useSendFeedback();
  const resolve = zodFormResolver(feedbackSendRequest, (issue) =>
    issue.path[0] === 'rating' ? t(feedbackRatingMessageKey(issue)) : t('errors.ValidationError'),
  );
  const answer = useForm({
    initialValues: { rating: '', openText: '' },
    // No choice yet is "no rating" (spec §5), not the number 0 an empty string coerces to.
    validate: ({ rating, openText }) => resolve({ formId: form.id, rating: rating === '' ? undefined : rating, openText }),
  });

  const submit = answer.onSubmit(({ rating, openText }) =>
    send.mutate(
      { formId: form.id, rating: Number(rating), ...(openText.trim() ? { openText } : {}) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('feedback.success') });
          onHandled();
        },
        // Answered already (another tab or device): nothing left to ask; the api-error notification says so.
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'FEEDBACK_ALREADY_SENT') onHandled();
        },
      },
    ),
  );

  return (
    <Modal opened onClose={onHandled} title={t('feedback.title')} size="55rem" fullScreen={small ?? false} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Radio.Group
            label={t('feedback.question')}
            description={t('feedback.rating.label')}
            withAsterisk
            {...answer.getInputProps('rating')}
          >
            <Stack gap="xs" mt="xs">
              {FEEDBACK_RATINGS.map((rating) => (
                <Radio key={rating} value={String(rating)} label={t(`feedback.rating.${rating}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('feedback.open-text.label')}
            description={t('feedback.open-text.description')}
            rows={6}
            maxLength={MAX_OPEN_TEXT_LENGTH}
            {...answer.getInputProps('openText')}
          />
          {send.isError && !(send.error instanceof ApiError && send.error.code === 'FEEDBACK_ALREADY_SENT') && (
            <Text size="sm" c="red" role="alert">
              {send.error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              {t('feedback.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
