import { Anchor, Button, Card, Container, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatDay, todayIn } from '@portal/schema/calendar-dates';
import type { ContractDetail } from '@portal/schema/contracts';
import { MOVE_OUT_COUNTRIES, moveOutWindow, readingAllowed, type MoveOutCountry } from '@portal/schema/move-out';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDraft } from '../../../shared/forms/use-form-draft.ts';
import { useLeavePageGuard } from '../../../shared/forms/use-leave-page-guard.ts';
import { usePageTitle } from '../../../shared/hooks/use-page-title.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { PageTitle } from '../../../shared/ui/page-title.tsx';
import { useContract, useMoveOut } from '../contract-queries.ts';
import { ContractNotice } from '../contract-notice.tsx';
import { emptyMoveOut, moveOutRequestOf, validateMoveOut, type MoveOutValues } from './move-out-form.ts';
import { LoadState } from '../../../shared/ui/load-state.tsx';

const asCountry = (code: string): MoveOutCountry =>
  (MOVE_OUT_COUNTRIES as readonly string[]).includes(code) ? (code as MoveOutCountry) : 'FI';

/** /contracts/{id}/move-out (spec §2): the moving day, where the final invoice goes and the meter's reading. */
export function MoveOutPage({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  usePageTitle(t('move-out.page-title'));
  const query = useContract(contractId);
  const { data: contract, isLoading, isError } = query;
  const navigate = useNavigate();
  const move = useMoveOut();

  // Sent: the contract now carries its move-out, so the page would show it as reported; the confirmation says it.
  useEffect(() => {
    if (move.isSuccess) void navigate({ to: '/contracts/$id/move-out/confirmation', params: { id: contractId } });
  }, [move.isSuccess, navigate, contractId]);

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <PageTitle title={t('move-out.title')} description={t('move-out.description')} />
        {isLoading ? (
          <LoadState query={query} height={320} label={t('move-out.loading')} />
        ) : isError || !contract ? (
          <ContractNotice color="yellow" title={t('move-out.not-found')}>
            <Anchor renderRoot={(props) => <Link {...props} to="/contracts" />}>{t('move-out.back')}</Anchor>
          </ContractNotice>
        ) : (
          <>
            <ContractAtAddress contract={contract} />
            {contract.moveOut && !move.isSuccess ? (
              <ContractNotice color="blue" icon={<IconInfoCircle aria-hidden />} title={t('move-out.already.title')}>
                <Text size="sm">{t('move-out.already.body', { date: formatDay(contract.moveOut.endDate) })}</Text>
                <Anchor renderRoot={(props) => <Link {...props} to="/contracts/$id/move-out/confirmation" params={{ id: contract.id }} />}>
                  {t('move-out.already.link')}
                </Anchor>
              </ContractNotice>
            ) : contract.status === 'active' || contract.status === 'ending' ? (
              <MoveOutForm contract={contract} move={move} />
            ) : (
              <ContractNotice color="yellow" title={t('move-out.not-live')}>
                <Anchor renderRoot={(props) => <Link {...props} to="/contracts" />}>{t('move-out.back')}</Anchor>
              </ContractNotice>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

export function ContractAtAddress({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation();
  const { address } = contract;
  return (
    <Card withBorder radius="md" padding="md">
      <Text fw={600}>{contract.productName}</Text>
      <Text size="sm">
        {address.street}, {address.postalCode} {address.city}
      </Text>
      <Text size="sm" c="dimmed">
        {t('contracts.number', { number: contract.contractNumber })} · {t('contracts.metering-point', { code: contract.meteringPointCode })}
      </Text>
    </Card>
  );
}

function MoveOutForm({ contract, move }: { contract: ContractDetail; move: ReturnType<typeof useMoveOut> }) {
  const { t } = useTranslation();
  const site = useSite();
  const today = todayIn(site.timezone);
  const allowed = moveOutWindow(today, contract);
  const form = useForm<MoveOutValues>({
    mode: 'controlled',
    initialValues: emptyMoveOut(asCountry(site.countryCode)),
    validate: (values) => {
      const withReading = values.endDate !== null && readingAllowed(values.endDate, today);
      const errors = validateMoveOut(values, withReading, (field) => t(`move-out.error.${field}`));
      if (!errors.endDate && allowed && values.endDate && (values.endDate < allowed.earliest || values.endDate > allowed.latest)) {
        errors.endDate = t('move-out.error.window', { earliest: formatDay(allowed.earliest), latest: formatDay(allowed.latest) });
      }
      return errors;
    },
  });
  const { clearDraft } = useFormDraft(form, `move-out:${contract.id}`);
  // Once the move-out is recorded nothing is unsaved, so the guard lets the confirmation open.
  useLeavePageGuard(form.isDirty() && !move.isSuccess);
  const endDate = form.values.endDate;
  const withReading = endDate !== null && readingAllowed(endDate, today);

  if (!allowed) {
    return <ContractNotice color="yellow" title={t('move-out.not-live')} />;
  }

  const submit = form.onSubmit((values) =>
    move.mutate({ id: contract.id, ...moveOutRequestOf(values, withReading) }, { onSuccess: () => clearDraft() }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xl">
        <Stack gap="sm" component="section" aria-labelledby="move-out-day">
          <Title order={2} size="h4" id="move-out-day">
            {t('move-out.day.title')}
          </Title>
          <DateField
            label={t('move-out.day.label')}
            description={t('move-out.day.hint', {
              earliest: formatDay(allowed.earliest),
              latest: formatDay(allowed.latest),
              timezone: site.timezone,
            })}
            required
            minDate={allowed.earliest}
            maxDate={allowed.latest}
            {...form.getInputProps('endDate')}
          />
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="move-out-address">
          <Title order={2} size="h4" id="move-out-address">
            {t('move-out.address.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('move-out.address.hint')}
          </Text>
          <TextInput label={t('move-out.address.street')} autoComplete="street-address" required {...form.getInputProps('street')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('move-out.address.postal-code')}
              autoComplete="postal-code"
              required
              {...form.getInputProps('postalCode')}
            />
            <TextInput label={t('move-out.address.city')} autoComplete="address-level2" required {...form.getInputProps('city')} />
          </SimpleGrid>
          <Select
            label={t('move-out.address.country')}
            data={MOVE_OUT_COUNTRIES.map((code) => ({ value: code, label: t(`move-out.country.${code}`) }))}
            allowDeselect={false}
            required
            {...form.getInputProps('countryCode')}
          />
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="move-out-reading">
          <Title order={2} size="h4" id="move-out-reading">
            {t('move-out.reading.title')}
          </Title>
          {withReading ? (
            <NumberInput
              label={t('move-out.reading.label')}
              description={t('move-out.reading.hint')}
              suffix=" kWh"
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=" "
              {...form.getInputProps('meterReadingKwh')}
            />
          ) : (
            <Text size="sm">{t('move-out.reading.later')}</Text>
          )}
        </Stack>

        <Group justify="space-between" gap="sm">
          <Button renderRoot={(props) => <Link {...props} to="/contracts" />} variant="default">
            {t('move-out.cancel')}
          </Button>
          <Button type="submit" loading={move.isPending}>
            {t('move-out.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
