import { Anchor, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { IconInfoCircle } from '@tabler/icons-react';
import { addDays, formatDay } from '@portal/schema/calendar-dates';
import type { PowerPeaks } from '@portal/schema/energy';
import type { NetworkProducts } from '@portal/schema/network-products';
import type { Product } from '@portal/schema/products';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { powerPeaksQueryOptions, powerPeakTexts } from '../../../shared/energy/power-peaks.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { allOf, LoadState } from '../../../shared/ui/load-state.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { ContractNotice } from '../contract-notice.tsx';
import { cheapestOf, CostBasis } from '../signing/product-costs.tsx';
import { NetworkProductChangeDialog } from './network-product-change-dialog.tsx';
import { isCurrentProduct, NetworkProductChoice } from './network-product-choice.tsx';
import { useCancelNetworkProductChange, useChangeNetworkProduct, useNetworkProducts } from './network-product-queries.ts';

/**
 * /contracts/{id}/network-product (decision 127): a network operator's customer sees the month's power peak at the
 * grid contract's metering point, compares every network product on offer over the point's own last twelve months
 * (decision 120) and changes the product from the first of next month, once in twelve months.
 */
export function NetworkProductPage({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  usePageTitle(t('network-product.page-title'));
  const query = useNetworkProducts(contractId);
  const peaks = useQuery(powerPeaksQueryOptions());

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageTitle title={t('network-product.title')} description={t('network-product.description')} />
        {query.isLoading || peaks.isLoading ? (
          <LoadState query={allOf(query, peaks)} height={320} label={t('network-product.loading')} />
        ) : !query.data ? (
          <ContractNotice color="yellow" title={t('network-product.not-found')}>
            <Anchor renderRoot={(props) => <Link {...props} to="/contracts" />}>{t('move-out.back')}</Anchor>
          </ContractNotice>
        ) : (
          <NetworkProductView contractId={contractId} answer={query.data} peaks={peaks.data} />
        )}
      </Stack>
    </Container>
  );
}

function NetworkProductView({ contractId, answer, peaks }: { contractId: string; answer: NetworkProducts; peaks?: PowerPeaks }) {
  const { t } = useTranslation();
  const change = useChangeNetworkProduct(contractId);
  const cancel = useCancelNetworkProductChange(contractId);
  const [chosen, setChosen] = useState<Product | null>(null);
  const [refused, setRefused] = useState(false);
  const { address, pending } = answer;
  // A contract that ends without a change (a move-out) takes no change; while one is pending, the server explains why not.
  const changeable = answer.endDate === null || pending !== null;
  const cheapest = answer.costs
    ? cheapestOf(
        answer.costs,
        answer.products.map((product) => product.id),
      )
    : new Set<string>();

  const confirm = (product: Product) =>
    change.mutate(
      { productId: product.id },
      {
        onSuccess: (changed) => {
          setChosen(null);
          notifications.show({
            color: 'green',
            message: t('network-product.changed', { product: product.name, date: formatDay(changed.changeTakesEffect) }),
          });
        },
        onError: (failure) => {
          setChosen(null);
          setRefused(failure instanceof ApiError && failure.code === 'NETWORK_PRODUCT_CHANGED_RECENTLY');
        },
      },
    );
  const undo = () =>
    cancel.mutate(undefined, {
      onSuccess: (kept) => {
        setRefused(false);
        notifications.show({ color: 'green', message: t('network-product.cancelled', { product: kept.productName }) });
      },
    });

  return (
    <>
      <Card withBorder radius="md" padding="md">
        <Text fw={600}>{answer.productName}</Text>
        <Text size="sm">
          {address.street}, {address.postalCode} {address.city}
        </Text>
        <Text size="sm" c="dimmed">
          {t('contracts.number', { number: answer.contractNumber })} · {t('contracts.metering-point', { code: answer.meteringPointCode })}
        </Text>
      </Card>
      <MonthPeak meteringPointId={answer.meteringPointId} peaks={peaks} />
      {pending ? (
        <ContractNotice
          color="blue"
          icon={<IconInfoCircle aria-hidden />}
          title={t('network-product.pending.title', { product: pending.productName, date: formatDay(pending.startDate) })}
        >
          <Text size="sm">
            {t('network-product.pending.body', { current: answer.productName, end: formatDay(addDays(pending.startDate, -1)) })}
          </Text>
          <Button variant="default" size="compact-md" loading={cancel.isPending} onClick={undo}>
            {t('network-product.pending.cancel')}
          </Button>
        </ContractNotice>
      ) : (
        answer.endDate !== null && <ContractNotice color="yellow" title={t('network-product.ends', { date: formatDay(answer.endDate) })} />
      )}
      {refused && answer.lastChange && (
        <ContractNotice color="yellow" title={t('network-product.refused.title')}>
          <Text size="sm">
            {t('network-product.refused.body', {
              last: formatDay(answer.lastChange.startDate),
              next: formatDay(answer.nextChangeFrom),
            })}
          </Text>
        </ContractNotice>
      )}
      <Stack gap="sm" component="section" aria-labelledby="network-products-title">
        <Title order={2} size="h3" id="network-products-title">
          {t('network-product.compare')}
        </Title>
        {changeable && (
          <Text size="sm">
            {answer.nextChangeFrom > answer.changeTakesEffect
              ? t('network-product.rule.next', { date: formatDay(answer.nextChangeFrom) })
              : t('network-product.rule.now', { date: formatDay(answer.changeTakesEffect) })}
          </Text>
        )}
        {answer.costs ? (
          <>
            <CostBasis point={answer.costs} period={answer.period} />
            <Text size="sm" c="dimmed">
              {t('network-product.basis-note')}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('network-product.no-use')}
          </Text>
        )}
        {answer.products.map((product) => (
          <NetworkProductChoice
            key={product.id}
            answer={answer}
            product={product}
            cheapest={cheapest.has(product.id)}
            choosable={changeable && !isCurrentProduct(answer, product) && pending?.productId !== product.id}
            onChoose={(picked) => {
              setRefused(false);
              setChosen(picked);
            }}
          />
        ))}
      </Stack>
      <NetworkProductChangeDialog
        answer={answer}
        product={chosen}
        sending={change.isPending}
        onConfirm={confirm}
        onClose={() => setChosen(null)}
      />
    </>
  );
}

/** The running month's highest hour at the point, when its grid contract has a power charge (decision 119). */
function MonthPeak({ meteringPointId, peaks }: { meteringPointId: string; peaks?: PowerPeaks }) {
  const { t, i18n } = useTranslation();
  const peak = peaks?.peaks.find((candidate) => candidate.meteringPointId === meteringPointId);
  if (!peaks || !peak) return null;
  const texts = powerPeakTexts(peak, peaks.timezone, t, i18n.language);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="network-peak-title">
      <Stack gap={2}>
        <Title order={2} size="h4" id="network-peak-title">
          {t('dashboard.power.title')}
        </Title>
        {texts.hour === null ? (
          <Text size="sm">{t('dashboard.power.none')}</Text>
        ) : (
          <>
            <Text fw={700} fz="xl">
              {texts.kw}
            </Text>
            <Text size="sm">{texts.hour}</Text>
            <Text size="sm" c={texts.charged ? undefined : 'dimmed'}>
              {texts.charge}
            </Text>
            <Text size="sm" c="dimmed">
              {t('network-product.peak-note')}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
