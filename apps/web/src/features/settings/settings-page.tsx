import { Container, Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActorInfo } from '../../shared/auth/actor-info.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { AddressesTab } from './addresses/addresses-tab.tsx';
import { AppearanceTab } from './appearance-tab.tsx';
import { BankAccountsTab } from './bank-accounts/bank-accounts-tab.tsx';
import { ContactsTab } from './contacts/contacts-tab.tsx';
import { DataAccessTab } from './privacy/data-access-tab.tsx';
import { MyDataTab } from './privacy/my-data-tab.tsx';
import { NotificationsTab } from './notifications/notifications-tab.tsx';
import { OutageContactsTab } from './contacts/outage-contacts-tab.tsx';
import { PushNotificationsTab } from './notifications/push-notifications-tab.tsx';
import { ProfileTab } from './profile/profile-tab.tsx';
import { SessionsTab } from './privacy/sessions-tab.tsx';
import { availableTabs, type SettingsSearch, type SettingsTab } from './settings-tabs.ts';

type Props = { search: SettingsSearch; onTabChange: (tab: SettingsTab) => void };

const panels: Record<SettingsTab, () => React.JSX.Element> = {
  profile: ProfileTab,
  contacts: ContactsTab,
  addresses: AddressesTab,
  'bank-accounts': BankAccountsTab,
  'outage-contacts': OutageContactsTab,
  notifications: NotificationsTab,
  'push-notifications': PushNotificationsTab,
  appearance: AppearanceTab,
  'data-access': DataAccessTab,
  'my-data': MyDataTab,
  sessions: SessionsTab,
};

/** /settings?tab=…: the person's settings, one tab at a time (spec §2); only tabs that work and apply are shown. */
export function SettingsPage({ search, onTabChange }: Props) {
  const { t } = useTranslation();
  usePageTitle(t('settings.page-title'));
  const site = useSite();
  const info = useActorInfo({ enabled: true }).data;
  const tabs = info ? availableTabs(info, site.features) : [];
  const current = search.tab && tabs.includes(search.tab) ? search.tab : tabs[0];
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageTitle title={t('settings.title')} description={t('settings.description')} />
        {current && (
          <Tabs value={current} onChange={(value) => value && onTabChange(value as SettingsTab)} keepMounted={false}>
            <Tabs.List aria-label={t('settings.tabs-label')} mb="lg">
              {tabs.map((tab) => (
                <Tabs.Tab key={tab} value={tab}>
                  {t(`settings.tab.${tab}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map((tab) => {
              const Panel = panels[tab];
              return (
                <Tabs.Panel key={tab} value={tab}>
                  <Panel />
                </Tabs.Panel>
              );
            })}
          </Tabs>
        )}
      </Stack>
    </Container>
  );
}
