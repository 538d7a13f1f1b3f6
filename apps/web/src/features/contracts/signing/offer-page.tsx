import { Anchor, Badge, Button, Card, Container, Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import { startAllowed, startWindow, type StartWindow } from '@portal/schema/contract-signing';
import type { ContractDetail } from '@portal/schema/contracts';
import type { ContractOffer } from '@portal/schema/products';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDraft } from '../../../shared/forms/use-form-draft.ts';
import { useLeavePageGuard } from '../../../shared/forms/use-leave-page-guard.ts';
import { formatCents } from '../../../shared/format/energy-format.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { useContractFormat } from '../contract-format.ts';
import { ContractNotice } from '../contract-notice.tsx';
import { useContract } from '../contract-queries.ts';
import { TimeOfUseNote, useComponentName } from '../time-of-use.tsx';
import { ContractAtAddress } from '../move-out/move-out-page.tsx';
import { StartDateField } from './sign-start-step.tsx';
import { ProductPrices } from './sign-product-step.tsx';
import { goToSigning, offersQueryOptions, useRenewContract } from './signing-queries.ts';
import { allOf, LoadState } from '../../../shared/ui/load-state.tsx';

type OfferValues = { productId: string; startDate: string | null };

/** The days a renewal may start (decision 035): from tomorrow, or in Estonia the datahub's month starts (036). */
export function renewalWindow(countryCode: 'FI' | 'EE' | 'LV', today: string, contract: Pick<ContractDetail, 'startDate'>): StartWindow {
  const window = startWindow(countryCode, 'move-in', today);
  const earliest = countryCode === 'EE' ? window.earliest : addDays(today, 1);
  return { ...window, earliest: earliest > contract.startDate ? earliest : addDays(contract.startDate, 1) };
}

/** /contracts/{id}/offer (spec §2): the current and offered prices side by side, a year of the customer's own use priced both ways. */
export function OfferPage({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  usePageTitle(t('offer.page-title'));
  const contract = useContract(contractId);
  const offers = useQuery(offersQueryOptions);
  const mine = offers.data?.filter((offer) => offer.contractId === contractId) ?? [];

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageTitle title={t('offer.title')} description={t('offer.description')} />
        {contract.isLoading || offers.isLoading ? (
          <LoadState query={allOf(contract, offers)} height={320} label={t('signing.loading')} />
        ) : !contract.data || mine.length === 0 ? (
          <ContractNotice color="yellow" title={t('offer.none')}>
            <Anchor renderRoot={(props) => <Link {...props} to="/contracts" />}>{t('move-out.back')}</Anchor>
          </ContractNotice>
        ) : (
          <OfferForm contract={contract.data} offers={mine} />
        )}
      </Stack>
    </Container>
  );
}

function OfferForm({ contract, offers }: { contract: ContractDetail; offers: ContractOffer[] }) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const format = useContractFormat();
  const navigate = useNavigate();
  const renew = useRenewContract(contract.id);
  const [leaving, setLeaving] = useState(false);
  const window = renewalWindow(site.countryCode, todayIn(site.timezone), contract);
  const form = useForm<OfferValues>({
    mode: 'controlled',
    // The offer that costs least for the customer's own use comes chosen.
    initialValues: { productId: [...offers].sort((a, b) => a.offeredYearlyCents - b.offeredYearlyCents)[0]!.product.id, startDate: null },
    validate: {
      productId: (value) => (value ? null : t('offer.error.product')),
      startDate: (value) => (value && startAllowed(window, value) ? null : t('signing.error.startDate')),
    },
  });
  const { clearDraft } = useFormDraft(form, `offer:${contract.id}`);
  useLeavePageGuard(form.isDirty() && !leaving);
  const chosen = offers.find((offer) => offer.product.id === form.values.productId) ?? offers[0]!;
  const name = useComponentName();
  const currentPrices = contract.priceComponents.filter((component) => component.validTo === null);
  const currentKinds = currentPrices.map((component) => component.kind);
  const difference = chosen.offeredYearlyCents - chosen.currentYearlyCents;

  const submit = form.onSubmit((values) =>
    renew.mutate(
      { productId: values.productId, startDate: values.startDate ?? '' },
      {
        onSuccess: (started) => {
          clearDraft();
          setLeaving(true);
          if (goToSigning(started)) {
            void navigate({
              to: '/contracts/$id/offer/confirmation',
              params: { id: contract.id },
              search: { signingToken: started.signingToken },
            });
          }
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <ContractAtAddress contract={contract} />
        {offers.length > 1 && (
          <Radio.Group label={t('offer.choose')} {...form.getInputProps('productId')}>
            <Stack gap={6} mt="xs">
              {offers.map((offer) => (
                <Radio key={offer.product.id} value={offer.product.id} label={offer.product.name} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="offer-current">
            <Title order={2} size="h4" id="offer-current">
              {t('offer.current')}
            </Title>
            <Text fw={600} mt="xs">
              {contract.productName}
            </Text>
            <Text size="sm" c="dimmed">
              {currentPrices
                .map(
                  (component) =>
                    `${name(component.kind, currentKinds)} ${format.price(component.priceCents, component.unit, component.thresholdKw)}`,
                )
                .join(' · ')}
            </Text>
            <TimeOfUseNote kinds={currentKinds} />
            <Text mt="sm">{t('offer.yearly', { cost: formatCents(chosen.currentYearlyCents, i18n.language) })}</Text>
          </Card>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="offer-new">
            <Group gap="xs">
              <Title order={2} size="h4" id="offer-new">
                {t('offer.offered')}
              </Title>
              {chosen.product.termMonths !== null && (
                <Badge variant="light">{t('contracts.term', { count: chosen.product.termMonths })}</Badge>
              )}
            </Group>
            <Text fw={600} mt="xs">
              {chosen.product.name}
            </Text>
            <ProductPrices product={chosen.product} />
            <Text mt="sm">{t('offer.yearly', { cost: formatCents(chosen.offeredYearlyCents, i18n.language) })}</Text>
          </Card>
        </SimpleGrid>
        <Text size="sm">
          {t('offer.estimate', { kwh: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(chosen.yearlyKwh) })}{' '}
          <Text span fw={600}>
            {difference <= 0
              ? t('offer.saves', { amount: formatCents(-difference, i18n.language) })
              : t('offer.costs-more', { amount: formatCents(difference, i18n.language) })}
          </Text>
        </Text>
        <StartDateField form={form} window={window} label={t('offer.start')} />
        <Group justify="space-between">
          <Button variant="default" renderRoot={(props) => <Link {...props} to="/contracts" />}>
            {t('move-out.cancel')}
          </Button>
          <Button type="submit" loading={renew.isPending}>
            {t('offer.accept')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
