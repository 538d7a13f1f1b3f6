import { Button, Card, Checkbox, Chip, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { TERM_CHOICES } from '@portal/schema/contract-signing';
import type { Product } from '@portal/schema/products';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../shared/site/site-context.tsx';
import { useContractFormat } from '../contract-format.ts';
import { TimeOfUseNote, useComponentName } from '../time-of-use.tsx';
import type { SignValues } from './sign-form.ts';
import { productsQueryOptions } from './signing-queries.ts';
import { cheapestOf, CostBasis, ProductCostLine, usePointCosts } from './product-costs.tsx';
import { LoadState } from '../../../shared/ui/load-state.tsx';

type Form = UseFormReturnType<SignValues>;

/** Products of these groups are not a supply of their own (docs/decisions/035-sign-flow.md). */
const ADD_ON_GROUP = 'addon';
const GRID_GROUP = 'grid';

/** A product's prices on one line, and under them when a time-of-use product's hours are (decision 129). */
export function ProductPrices({ product }: { product: Pick<Product, 'priceComponents'> }) {
  const format = useContractFormat();
  const name = useComponentName();
  const kinds = product.priceComponents.map((component) => component.kind);
  return (
    <>
      <Text size="sm" c="dimmed" component="span" display="block">
        {product.priceComponents
          .map((component) => `${name(component.kind, kinds)} ${format.price(component.priceCents, component.unit, component.thresholdKw)}`)
          .join(' · ')}
      </Text>
      <TimeOfUseNote kinds={kinds} />
    </>
  );
}

/** Step 2: the product (with a campaign code, an add-on and the term where the site offers them). */
export function SignProductStep({ form }: { form: Form }) {
  const { t } = useTranslation();
  const site = useSite();
  const values = form.getValues();
  const [campaignCode, setCampaignCode] = useState(values.campaignCode);
  const products = useQuery(productsQueryOptions(values.utility || null, values.campaignCode));
  const [group, setGroup] = useState<string>('all');
  const supplies = (products.data ?? []).filter(
    (product) =>
      product.productGroup !== ADD_ON_GROUP && (product.productGroup !== GRID_GROUP || site.features.includes('SIGNING_OWN_GRID_PRODUCTS')),
  );
  const addOns = site.features.includes('SIGNING_ADDITIONAL_PRODUCT')
    ? (products.data ?? []).filter((product) => product.productGroup === ADD_ON_GROUP)
    : [];
  const groups = [...new Set(supplies.map((product) => product.productGroup))];
  const shown =
    site.features.includes('PRODUCT_GROUP_FILTERING') && group !== 'all'
      ? supplies.filter((product) => product.productGroup === group)
      : supplies;
  const chosen = supplies.find((product) => product.id === values.productId);
  const costs = usePointCosts(values.utility || null, values.campaignCode, { id: values.usagePointId, code: values.usagePointCode });
  const cheapest = costs
    ? cheapestOf(
        costs.point,
        shown.map((product) => product.id),
      )
    : new Set<string>();

  return (
    <Stack gap="md">
      {site.features.includes('PRODUCT_GROUP_FILTERING') && groups.length > 1 && (
        <div role="group" aria-labelledby="product-group-label">
          <Text id="product-group-label" size="sm" fw={500} mb={4}>
            {t('signing.product.group-label')}
          </Text>
          <Chip.Group multiple={false} value={group} onChange={setGroup}>
            <Group gap="xs">
              <Chip value="all" variant="outline">
                {t('signing.product.group.all')}
              </Chip>
              {groups.map((name) => (
                <Chip key={name} value={name} variant="outline">
                  {t(`signing.product.group.${name}`, { defaultValue: name })}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
      )}
      {products.isLoading || (products.isError && !products.data) ? (
        <LoadState query={products} height={160} label={t('signing.loading')} />
      ) : (
        <Radio.Group
          label={t('signing.product.choose')}
          value={values.productId}
          onChange={(id) => form.setValues({ productId: id, termMonths: '' })}
          error={form.errors.productId}
        >
          <Stack gap="xs" mt="xs">
            {costs && <CostBasis point={costs.point} period={costs.period} />}
            {shown.map((product) => (
              <Card key={product.id} withBorder padding="sm" radius="md">
                <Radio
                  value={product.id}
                  label={
                    <Text fw={600} component="span">
                      {product.name}
                    </Text>
                  }
                  description={
                    <>
                      <Text size="sm" component="span" display="block">
                        {product.description}
                        {product.termMonths !== null && ` · ${t('contracts.term', { count: product.termMonths })}`}
                      </Text>
                      <ProductPrices product={product} />
                      {costs && <ProductCostLine point={costs.point} productId={product.id} cheapest={cheapest.has(product.id)} />}
                    </>
                  }
                />
              </Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t('signing.product.campaign-code')}
          value={campaignCode}
          onChange={(event) => setCampaignCode(event.currentTarget.value)}
          error={form.errors.campaignCode}
        />
        <Button variant="default" onClick={() => form.setFieldValue('campaignCode', campaignCode.trim())}>
          {t('signing.product.campaign-apply')}
        </Button>
      </Group>
      {site.features.includes('SIGNING_TERM_CHANGES') && chosen && chosen.termMonths !== null && (
        <Select
          label={t('signing.product.term')}
          data={[
            { value: '', label: t('signing.product.term-own', { count: chosen.termMonths }) },
            ...TERM_CHOICES.filter((months) => months !== chosen.termMonths).map((months) => ({
              value: String(months),
              label: t('contracts.term', { count: months }),
            })),
          ]}
          allowDeselect={false}
          {...form.getInputProps('termMonths')}
        />
      )}
      {addOns.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('signing.product.add-on')}
          </Text>
          {addOns.map((addOn) => (
            <Checkbox
              key={addOn.id}
              checked={values.additionalProductId === addOn.id}
              onChange={(event) => form.setFieldValue('additionalProductId', event.currentTarget.checked ? addOn.id : '')}
              label={addOn.name}
              description={<ProductPrices product={addOn} />}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
