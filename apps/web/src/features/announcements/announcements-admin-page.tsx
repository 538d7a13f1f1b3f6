import { Alert, Badge, Button, Container, Group, Modal, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAnnouncement } from '@portal/schema/announcements';
import { inSiteTime } from '../../shared/format/site-time.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { openConfirm } from '../../shared/ui/confirm-modal.ts';
import { AnnouncementCard } from './announcement-card.tsx';
import { AnnouncementForm } from './announcement-form.tsx';
import { siteAnnouncementsQueryOptions, useDeleteAnnouncement } from './announcement-admin-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';

const SEVERITY_COLOURS = { info: 'blue', warning: 'yellow', critical: 'red' } as const;

/** `YYYY-MM-DD HH:mm` on the site's clock as DD.MM.YYYY HH:mm (spec §9). */
const shownTime = (wallClock: string) =>
  `${wallClock.slice(8, 10)}.${wallClock.slice(5, 7)}.${wallClock.slice(0, 4)} ${wallClock.slice(11)}`;

/**
 * /admin/announcements: a site administrator's announcements (docs/decisions/059-portal-announcements.md): the list
 * with each one's state, a form to write or change one, deleting after a confirmation, and a preview of the banner
 * exactly as customers get it (the stored, sanitised text).
 */
export function AnnouncementsAdminPage() {
  const { t } = useTranslation();
  const site = useSite();
  usePageTitle(t('announcements.admin.title'));
  const announcements = useQuery(siteAnnouncementsQueryOptions(site.id));
  const [editing, setEditing] = useState<{ announcement: AdminAnnouncement | null } | null>(null);
  const [previewed, setPreviewed] = useState<AdminAnnouncement | null>(null);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{t('announcements.admin.title')}</Title>
            <Text c="dimmed">{t('announcements.admin.description')}</Text>
          </Stack>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ announcement: null })}>
            {t('announcements.admin.add')}
          </Button>
        </Group>
        {!announcements.data ? (
          <LoadState query={announcements} height={120} />
        ) : announcements.data && announcements.data.length > 0 ? (
          <AnnouncementTable
            announcements={announcements.data}
            onEdit={(announcement) => setEditing({ announcement })}
            onPreview={setPreviewed}
          />
        ) : (
          <Alert variant="light">{t('announcements.admin.none')}</Alert>
        )}
      </Stack>
      {editing && (
        <AnnouncementForm key={editing.announcement?.id ?? 'new'} opened editing={editing.announcement} onClose={() => setEditing(null)} />
      )}
      <Modal opened={!!previewed} onClose={() => setPreviewed(null)} size="lg" title={t('announcements.admin.preview-title')}>
        {previewed && <Preview announcement={previewed} />}
      </Modal>
    </Container>
  );
}

type TableProps = {
  announcements: AdminAnnouncement[];
  onEdit: (announcement: AdminAnnouncement) => void;
  onPreview: (announcement: AdminAnnouncement) => void;
};

function AnnouncementTable({ announcements, onEdit, onPreview }: TableProps) {
  const { t } = useTranslation();
  const site = useSite();
  const remove = useDeleteAnnouncement(site.id);
  const now = inSiteTime(new Date(), site.timezone).format('YYYY-MM-DD HH:mm');
  const titleOf = (announcement: AdminAnnouncement) =>
    (announcement.texts.find((text) => text.locale === site.defaultLocaleId) ?? announcement.texts[0])?.title ?? '';
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label={t('announcements.admin.list')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('announcements.admin.column.title')}</Table.Th>
            <Table.Th>{t('announcements.admin.column.severity')}</Table.Th>
            <Table.Th>{t('announcements.admin.column.audience')}</Table.Th>
            <Table.Th>{t('announcements.admin.column.period')}</Table.Th>
            <Table.Th>{t('announcements.admin.column.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {announcements.map((announcement) => {
            const title = titleOf(announcement);
            const state = now < announcement.validFrom ? 'upcoming' : now >= announcement.validUntil ? 'ended' : 'current';
            return (
              <Table.Tr key={announcement.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {announcement.texts
                      .map((text) => site.locales.find((locale) => locale.id === text.locale)?.name ?? text.locale)
                      .join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={SEVERITY_COLOURS[announcement.severity]}
                    variant="light"
                    styles={{ label: { color: 'var(--mantine-color-text)' } }}
                  >
                    {t(`announcements.severity.${announcement.severity}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {announcement.audience === 'utility' && announcement.utility
                    ? t('announcements.audience.of-utility', { utility: t(`utility.${announcement.utility}`) })
                    : t(`announcements.audience.${announcement.audience}`)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {shownTime(announcement.validFrom)} – {shownTime(announcement.validUntil)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`announcements.admin.state.${state}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onPreview(announcement)}
                      aria-label={t('announcements.admin.preview-of', { title })}
                    >
                      {t('announcements.admin.preview')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onEdit(announcement)}
                      aria-label={t('announcements.admin.edit-of', { title })}
                    >
                      {t('announcements.admin.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={t('announcements.admin.delete-of', { title })}
                      loading={remove.isPending && remove.variables === announcement.id}
                      onClick={() =>
                        openConfirm({
                          title: t('announcements.admin.delete'),
                          children: t('announcements.admin.delete-confirm', { title }),
                          danger: true,
                          onConfirm: () => remove.mutate(announcement.id),
                        })
                      }
                    >
                      {t('announcements.admin.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The banner in each language it was written in, from the stored (sanitised) text: what customers will get. */
function Preview({ announcement }: { announcement: AdminAnnouncement }) {
  const site = useSite();
  const nameOf = (id: string) => site.locales.find((locale) => locale.id === id)?.name ?? id;
  return (
    <Tabs defaultValue={announcement.texts[0]?.locale}>
      <Tabs.List>
        {announcement.texts.map((text) => (
          <Tabs.Tab key={text.locale} value={text.locale}>
            {nameOf(text.locale)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {announcement.texts.map((text) => (
        <Tabs.Panel key={text.locale} value={text.locale} pt="md">
          <AnnouncementCard severity={announcement.severity} title={text.title} body={text.body} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
