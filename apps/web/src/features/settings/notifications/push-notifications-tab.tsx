import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorInfo } from '../../../shared/auth/actor-info.ts';
import { pushPermission, type PushPermission } from '../../../shared/push/push-permission.ts';
import { dropPushToken, fetchPushToken, rememberToken, storedToken } from '../../../shared/push/push-subscription.ts';
import { usePushConfiguration, usePushCustomerInfo, useSetPushToken } from './push-notifications-queries.ts';
import { LoadState } from '../../../shared/ui/load-state.tsx';

const STATE_COLOUR: Record<PushPermission, string> = { default: 'blue', granted: 'green', denied: 'yellow', unsupported: 'gray' };

/**
 * Spec §2 push-notifications tab (shown where the session's features include push): the browser's permission
 * (default, granted, denied, or no Web Push at all), and turning this browser's alerts on or off. A token is asked
 * for only when the person turns push on and grants permission (spec §4).
 */
export function PushNotificationsTab() {
  const { t } = useTranslation();
  const info = useActorInfo({ enabled: true }).data;
  const staff = info?.actingAs === 'staff';
  const owner = info?.customer?.clientCode ?? 'person';
  const customerInfoQuery = usePushCustomerInfo();
  const customerInfo = customerInfoQuery.data;
  const configuration = usePushConfiguration({ enabled: !staff }).data;
  const setToken = useSetPushToken();
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const [here, setHere] = useState(() => storedToken(owner) !== null && permission === 'granted');
  const [busy, setBusy] = useState(false);
  // The server forgets a browser its push service says is gone: then this one is no longer registered either.
  const registeredHere = here && customerInfo?.enabled === true;

  const turnOn = async () => {
    if (!configuration) return;
    setBusy(true);
    const token = await fetchPushToken(configuration.vapidKey);
    setPermission(pushPermission());
    if (!token) {
      setBusy(false);
      if (pushPermission() === 'granted') notifications.show({ color: 'yellow', message: t('settings.push.not-turned-on') });
      return;
    }
    setToken.mutate(
      { token, enabled: true },
      {
        onSuccess: () => {
          rememberToken(owner, token);
          setHere(true);
          notifications.show({ color: 'green', message: t('settings.push.turned-on') });
        },
        onSettled: () => setBusy(false),
      },
    );
  };

  const turnOff = async () => {
    setBusy(true);
    const token = (await dropPushToken()) ?? storedToken(owner)?.token ?? null;
    rememberToken(owner, null);
    setHere(false);
    if (!token) {
      setBusy(false);
      return;
    }
    setToken.mutate(
      { token, enabled: false },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('settings.push.turned-off') }),
        onSettled: () => setBusy(false),
      },
    );
  };

  return (
    <Stack gap="lg" maw={640}>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('settings.push.title')}
        </Title>
        <Text c="dimmed">{t('settings.push.description')}</Text>
      </Stack>
      {staff ? (
        <Alert color="gray" variant="light">
          {t('settings.push.staff')}
        </Alert>
      ) : !customerInfo ? (
        <LoadState query={customerInfoQuery} height={80} />
      ) : (
        <>
          <Alert color={STATE_COLOUR[permission]} variant="light" data-testid="push-permission" data-state={permission}>
            {t(`settings.push.state.${permission}`)}
          </Alert>
          {registeredHere && <Text>{t('settings.push.enabled-here')}</Text>}
          {!registeredHere && customerInfo.enabled && <Text>{t('settings.push.elsewhere')}</Text>}
          <Group>
            {registeredHere ? (
              <Button variant="default" loading={busy} onClick={() => void turnOff()}>
                {t('settings.push.disable')}
              </Button>
            ) : (
              <Button
                loading={busy}
                disabled={!configuration || !customerInfo.providerEnabled || permission === 'denied' || permission === 'unsupported'}
                onClick={() => void turnOn()}
              >
                {t('settings.push.enable')}
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
