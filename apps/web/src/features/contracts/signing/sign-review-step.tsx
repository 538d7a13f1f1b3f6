import { Checkbox, Stack, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { businessCodeOf } from '@portal/schema/business-codes';
import { formatDay } from '@portal/schema/calendar-dates';
import { personalCodeOf } from '@portal/schema/personal-codes';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../../shared/site/site-context.tsx';
import { ProductPrices } from './sign-product-step.tsx';
import type { SignValues } from './sign-form.ts';
import { productsQueryOptions } from './signing-queries.ts';

/** Step 5: everything chosen, read once more, and the consent before signing. */
export function SignReviewStep({ form }: { form: UseFormReturnType<SignValues> }) {
  const { t } = useTranslation();
  const { countryCode } = useSite();
  const values = form.getValues();
  const products = useQuery(productsQueryOptions(values.utility || null, values.campaignCode)).data ?? [];
  const product = products.find((candidate) => candidate.id === values.productId);
  const addOn = products.find((candidate) => candidate.id === values.additionalProductId);
  const term = values.termMonths ? Number(values.termMonths) : product?.termMonths;
  const rows: [string, React.ReactNode][] = [
    [t('signing.review.place'), values.usagePointLabel],
    [t('signing.reason.label'), t(`signing.reason.${values.reason}`)],
    [
      t('signing.review.product'),
      <>
        {product?.name}
        {addOn && ` + ${addOn.name}`}
        {term != null && ` · ${t('contracts.term', { count: term })}`}
        {product && <ProductPrices product={{ priceComponents: [...product.priceComponents, ...(addOn?.priceComponents ?? [])] }} />}
      </>,
    ],
    [t('signing.start.label'), values.startDate ? formatDay(values.startDate) : ''],
    [
      t('contracts.billing.title'),
      [values.channel && t(`contracts.billing.channel.${values.channel}`), values.target, values.operator].filter(Boolean).join(' · '),
    ],
    [t('signing.contact.title'), [values.email, values.phone].filter(Boolean).join(' · ')],
  ];
  // Codes as the contract will carry them: in their register's written form, whatever was pasted.
  if (values.coOwner) {
    rows.push([
      t('signing.co-owner.title'),
      `${values.coOwnerName} (${personalCodeOf(countryCode, values.coOwnerCode) ?? values.coOwnerCode})`,
    ]);
  }
  if (values.businessCode) rows.push([t('signing.business.code'), businessCodeOf(countryCode, values.businessCode) ?? values.businessCode]);

  return (
    <Stack gap="md">
      <Table withTableBorder variant="vertical" aria-label={t('signing.review.summary')}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="35%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {t('signing.review.next')}
      </Text>
      <Checkbox label={t('signing.review.accept')} {...form.getInputProps('accepted', { type: 'checkbox' })} />
    </Stack>
  );
}
