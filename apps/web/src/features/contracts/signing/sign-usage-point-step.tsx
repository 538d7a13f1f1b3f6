import { Autocomplete, Button, Card, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { addressSearchMode, type AddressSearchMode } from '@portal/schema/enums';
import type { UsagePointSearchResult } from '@portal/schema/energy';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usagePointsQueryOptions } from '../../../shared/energy/usage-points.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { UtilityBadge } from '../../../shared/ui/utility-badge.tsx';
import type { SignValues } from './sign-form.ts';
import { useAddressSuggestions, useUsagePointSearch } from './signing-queries.ts';

type Form = UseFormReturnType<SignValues>;

const usesAddress = (mode: AddressSearchMode) => mode === 'ADDRESS' || mode === 'ADDRESS_AND_METER_NUMBER';
const usesMeter = (mode: AddressSearchMode) => mode === 'EIC_OR_METER_NUMBER' || mode === 'ADDRESS_AND_METER_NUMBER';
const usesCode = (mode: AddressSearchMode) => mode === 'GSRN' || mode === 'EIC' || mode === 'EIC_OR_METER_NUMBER';

type Choice = { id: string; objectId: string; utility: SignValues['utility']; label: string; detail: string; code: string };

/** Step 1: the usage point, found in the site's grid or (SIGNING_USAGE_POINT_SEARCH_DISABLED) among the customer's own. */
export function SignUsagePointStep({ form }: { form: Form }) {
  const { t } = useTranslation();
  const site = useSite();
  const searchDisabled = site.features.includes('SIGNING_USAGE_POINT_SEARCH_DISABLED');
  const values = form.getValues();
  const [results, setResults] = useState<Choice[] | null>(null);
  const own = useQuery({ ...usagePointsQueryOptions, enabled: searchDisabled });
  const search = useUsagePointSearch();
  const suggestions = useAddressSuggestions(
    values.address,
    site.features.includes('ADDRESS_AUTOCOMPLETE') && usesAddress(values.searchType),
  );

  const choices: Choice[] | null = searchDisabled
    ? (own.data?.map((point) => ({
        id: point.meteringPointId,
        objectId: point.objectId,
        utility: point.utility,
        label: `${point.address.street}, ${point.address.postalCode} ${point.address.city}`,
        detail: point.gsrn,
        code: point.gsrn,
      })) ?? null)
    : results;

  const runSearch = () => {
    const mode = values.searchType;
    const searchQuery = {
      address: usesAddress(mode) ? values.address : undefined,
      gsrn: mode === 'GSRN' ? values.code : undefined,
      eic: mode === 'EIC' || mode === 'EIC_OR_METER_NUMBER' ? values.code || undefined : undefined,
      meterNumber: usesMeter(mode) ? values.meterNumber || undefined : undefined,
    };
    search.mutate(
      { searchType: mode, searchQuery },
      {
        onSuccess: (found: UsagePointSearchResult[]) =>
          setResults(
            found.map((point) => ({
              id: point.usagePointId,
              objectId: point.objectId,
              utility: point.utility,
              label: `${point.address.street}, ${point.address.postalCode} ${point.address.city}`,
              detail: [point.code, point.meterNumber].filter(Boolean).join(' · '),
              code: point.code,
            })),
          ),
      },
    );
  };

  const choose = (id: string) => {
    const choice = choices?.find((candidate) => candidate.id === id);
    if (!choice) return;
    form.setValues({
      usagePointId: choice.id,
      objectId: choice.objectId,
      utility: choice.utility,
      usagePointLabel: choice.label,
      usagePointCode: choice.code,
      productId: '',
      startDate: null,
    });
  };

  return (
    <Stack gap="md">
      {searchDisabled ? (
        <Text size="sm">{t('signing.point.own-only')}</Text>
      ) : (
        <Stack gap="sm" component="section" aria-labelledby="sign-search-title">
          <Text fw={600} id="sign-search-title">
            {t('signing.point.search-title')}
          </Text>
          <Select
            label={t('signing.point.mode')}
            data={addressSearchMode.options.map((mode) => ({ value: mode, label: t(`signing.point.mode.${mode}`) }))}
            allowDeselect={false}
            {...form.getInputProps('searchType')}
          />
          {usesAddress(values.searchType) &&
            (site.features.includes('ADDRESS_AUTOCOMPLETE') ? (
              <Autocomplete
                label={t('signing.point.address')}
                description={t('signing.point.address-hint')}
                data={[...new Set(suggestions.data?.map((suggestion) => suggestion.label) ?? [])]}
                autoComplete="off"
                {...form.getInputProps('address')}
              />
            ) : (
              <TextInput
                label={t('signing.point.address')}
                description={t('signing.point.address-hint')}
                {...form.getInputProps('address')}
              />
            ))}
          {usesCode(values.searchType) && (
            <TextInput label={t(`signing.point.code.${values.searchType}`)} {...form.getInputProps('code')} />
          )}
          {usesMeter(values.searchType) && <TextInput label={t('signing.point.meter-number')} {...form.getInputProps('meterNumber')} />}
          <Group>
            <Button variant="light" leftSection={<IconSearch size={16} aria-hidden />} onClick={runSearch} loading={search.isPending}>
              {t('signing.point.search')}
            </Button>
          </Group>
        </Stack>
      )}

      {choices && (
        <Radio.Group
          label={t('signing.point.choose')}
          value={values.usagePointId}
          onChange={choose}
          error={form.errors.usagePointId}
          aria-live="polite"
        >
          <Stack gap="xs" mt="xs">
            {choices.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('signing.point.none-found')}
              </Text>
            ) : (
              choices.map((choice) => (
                <Card key={choice.id} withBorder padding="sm" radius="md">
                  <Radio
                    value={choice.id}
                    label={
                      <Group gap="xs" wrap="wrap">
                        <span>{choice.label}</span>
                        {choice.utility && <UtilityBadge utility={choice.utility} />}
                      </Group>
                    }
                    description={choice.detail}
                  />
                </Card>
              ))
            )}
          </Stack>
        </Radio.Group>
      )}
      {!choices && values.usagePointLabel && (
        <Text size="sm" fw={500}>
          {t('signing.point.chosen', { place: values.usagePointLabel })}
        </Text>
      )}
      {!choices && form.errors.usagePointId && (
        <Text size="sm" c="red.8">
          {form.errors.usagePointId}
        </Text>
      )}

      <Radio.Group label={t('signing.reason.label')} {...form.getInputProps('reason')}>
        <Stack gap={6} mt="xs">
          <Radio value="move-in" label={t('signing.reason.move-in')} />
          <Radio value="switch" label={t('signing.reason.switch')} />
        </Stack>
      </Radio.Group>

      {site.countryCode === 'EE' && (
        <TextInput label={t('signing.point.eic')} description={t('signing.point.eic-hint')} {...form.getInputProps('meteringPointEic')} />
      )}
    </Stack>
  );
}
