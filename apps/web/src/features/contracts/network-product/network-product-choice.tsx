import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDay } from '@portal/schema/calendar-dates';
import type { NetworkProducts } from '@portal/schema/network-products';
import type { Product } from '@portal/schema/products';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOURS } from '../../../shared/ui/status-colours.ts';
import { ProductCostLine } from '../signing/product-costs.tsx';
import { ProductPrices } from '../signing/sign-product-step.tsx';

type Props = {
  answer: NetworkProducts;
  product: Product;
  cheapest: boolean;
  /** Offered as a choice: the contract may change and this is neither its product nor the one it changes to. */
  choosable: boolean;
  onChoose: (product: Product) => void;
};

/** Whether the grid contract in force was made from the product (by the comparison's own flag when it priced the point). */
export const isCurrentProduct = (answer: NetworkProducts, product: Product) =>
  answer.costs?.products.find((row) => row.productId === product.id)?.current ?? product.name === answer.productName;

/**
 * One network product: its prices, what the point's own last twelve months would have cost under it beside what was
 * paid (decision 120), marked when it is the current product, the cheapest or the one the contract changes to.
 */
export function NetworkProductChoice({ answer, product, cheapest, choosable, onChoose }: Props) {
  const { t } = useTranslation();
  const titleId = `network-product-${product.id}`;
  const pendingHere = answer.pending?.productId === product.id;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: '1 1 18rem' }}>
          <Title order={3} size="h4" id={titleId}>
            {product.name}
          </Title>
          <Text size="sm">{product.description}</Text>
          <ProductPrices product={product} />
          {answer.costs ? (
            <ProductCostLine point={answer.costs} productId={product.id} cheapest={cheapest} />
          ) : (
            isCurrentProduct(answer, product) && (
              <Group gap={4}>
                <Badge variant="default" size="sm">
                  {t('signing.product.cost.current')}
                </Badge>
              </Group>
            )
          )}
          {pendingHere && (
            <Group gap={4}>
              <Badge variant="filled" color={STATUS_COLOURS.waiting} size="sm">
                {t('network-product.pending.badge', { date: formatDay(answer.pending!.startDate) })}
              </Badge>
            </Group>
          )}
        </Stack>
        {choosable && (
          <Button variant="light" onClick={() => onChoose(product)}>
            {t('network-product.choose', { product: product.name })}
          </Button>
        )}
      </Group>
    </Card>
  );
}
