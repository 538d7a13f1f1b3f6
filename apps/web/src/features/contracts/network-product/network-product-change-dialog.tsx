import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { addDays, addMonths, formatDay } from '@portal/schema/calendar-dates';
import { CHANGE_INTERVAL_MONTHS, type NetworkProducts } from '@portal/schema/network-products';
import type { Product } from '@portal/schema/products';
import { useTranslation } from 'react-i18next';

type Props = {
  answer: NetworkProducts;
  /** The product chosen, or null while the dialog is closed. */
  product: Product | null;
  sending: boolean;
  onConfirm: (product: Product) => void;
  onClose: () => void;
};

/**
 * Asks once more before the change: which product from which day, until when the current one runs, and when the next
 * change could take effect, since a change binds for twelve months.
 */
export function NetworkProductChangeDialog({ answer, product, sending, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const from = answer.changeTakesEffect;
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      centered
      title={product ? t('network-product.confirm.title', { product: product.name }) : ''}
    >
      {product && (
        <Stack gap="md">
          <Text size="sm">
            {t('network-product.confirm.body', {
              product: product.name,
              date: formatDay(from),
              current: answer.productName,
              end: formatDay(addDays(from, -1)),
            })}
          </Text>
          <Text size="sm">{t('network-product.confirm.rule', { next: formatDay(addMonths(from, CHANGE_INTERVAL_MONTHS)) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('network-product.confirm.keep')}
            </Button>
            <Button loading={sending} onClick={() => onConfirm(product)}>
              {t('network-product.confirm.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
