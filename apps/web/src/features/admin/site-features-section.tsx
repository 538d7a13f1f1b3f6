import { Button, Group, SimpleGrid, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { SiteFeature } from '@portal/schema/features';
import { SettingsSection } from './settings-section.tsx';
import { useUpdateFeatures } from './site-settings-queries.ts';

/** The parts of the portal the site offers: only features this release has built are offered (decision 003). */
export function SiteFeaturesSection({ siteId, features, offered }: { siteId: string; features: SiteFeature[]; offered: SiteFeature[] }) {
  const { t } = useTranslation();
  const update = useUpdateFeatures(siteId);
  const form = useForm({ initialValues: { features } });
  const on = form.getValues().features;
  const toggle = (feature: SiteFeature, checked: boolean) =>
    form.setFieldValue('features', checked ? [...on, feature] : on.filter((item) => item !== feature));
  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.resetDirty();
        notifications.show({ color: 'green', message: t('admin.saved-next-load') });
      },
    }),
  );
  return (
    <SettingsSection id="admin-features" title={t('admin.features.title')} description={t('admin.features.description')}>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mb="md">
          {offered.map((feature) => (
            <Switch
              key={feature}
              label={t(`admin.feature.${feature}`)}
              checked={on.includes(feature)}
              onChange={(event) => toggle(feature, event.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('admin.save')}
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
