import { ActionIcon, Button, Group, List, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { domainAddRequest } from '@portal/schema/admin';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { openConfirm } from '../../shared/ui/confirm-modal.ts';
import { SettingsSection } from './settings-section.tsx';
import { useAddDomain, useRemoveDomain } from './site-settings-queries.ts';

/** The host names that serve the site: the one in use now and the last one cannot be removed (decision 070). */
export function SiteDomainsSection({ siteId, domains }: { siteId: string; domains: string[] }) {
  const { t } = useTranslation();
  const add = useAddDomain(siteId);
  const remove = useRemoveDomain(siteId);
  const current = window.location.hostname.toLowerCase();
  const form = useForm({ initialValues: { host: '' }, validate: zodFormResolver(domainAddRequest, () => t('admin.domains.invalid')) });
  const submit = form.onSubmit((values) => add.mutate(values.host.trim().toLowerCase(), { onSuccess: () => form.reset() }));
  return (
    <SettingsSection id="admin-domains" title={t('admin.domains.title')} description={t('admin.domains.description')}>
      <List spacing="xs" listStyleType="none" aria-label={t('admin.domains.title')}>
        {domains.map((host) => {
          const locked = domains.length === 1 || host === current;
          const reason = domains.length === 1 ? t('admin.domains.last') : t('admin.domains.in-use');
          return (
            <List.Item key={host}>
              <Group gap="xs" wrap="nowrap">
                <Text ff="monospace">{host}</Text>
                {host === current && (
                  <Text size="sm" c="dimmed">
                    ({t('admin.domains.current')})
                  </Text>
                )}
                <Tooltip label={locked ? reason : t('admin.domains.remove', { host })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('admin.domains.remove', { host })}
                    disabled={locked}
                    loading={remove.isPending && remove.variables === host}
                    onClick={() =>
                      openConfirm({
                        title: t('admin.domains.remove', { host }),
                        children: t('admin.domains.remove-confirm', { host }),
                        danger: true,
                        onConfirm: () => remove.mutate(host),
                      })
                    }
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </List.Item>
          );
        })}
      </List>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput label={t('admin.domains.new')} placeholder="portal.example.com" maw={320} {...form.getInputProps('host')} />
          <Button type="submit" mt={25} loading={add.isPending}>
            {t('admin.domains.add')}
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
