import { ActionIcon, Badge, Button, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorInfo } from '@portal/schema/identity';
import { useStartActingForCustomer, useStopActingForCustomer } from '../../shared/auth/staff-acting-customer.ts';
import classes from './staff-acting-customer.module.css';

/**
 * Customer-service staff act for a customer of their site by client code. While they do, a badge says for
 * whom, so nobody forgets whose data is on the screen.
 */
export function StaffActingCustomer({ info }: { info: ActorInfo }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [clientCode, setClientCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useStartActingForCustomer();
  const stop = useStopActingForCustomer();
  const acting = info.actingAs === 'staff' ? info.customer : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = clientCode.trim();
    if (!code) return setError(t('user-menu.staff.client-code-required'));
    setError(null);
    start.mutate(code, {
      onSuccess: () => {
        setClientCode('');
        setOpened(false);
      },
    });
  }

  return (
    <>
      {acting && (
        <Badge
          visibleFrom="sm"
          color="var(--portal-header-text)"
          variant="outline"
          size="lg"
          leftSection={<IconHeadset size={14} aria-hidden />}
          className={classes.actingBadge}
        >
          {t('user-menu.staff.acting-for', { name: acting.name })}
        </Badge>
      )}
      <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus returnFocus width={280}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            color="var(--portal-header-text)"
            aria-label={t('user-menu.staff.open')}
            aria-expanded={opened}
            onClick={() => setOpened((value) => !value)}
          >
            <IconHeadset size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            {/* Small screens have no room for the badge, so it is repeated here. */}
            {acting && (
              <Text size="sm" fw={600}>
                {t('user-menu.staff.acting-for', { name: acting.name })}
              </Text>
            )}
            <form onSubmit={submit} noValidate aria-label={t('user-menu.staff.form')}>
              <Stack gap="sm">
                <TextInput
                  label={t('user-menu.staff.client-code')}
                  required
                  value={clientCode}
                  onChange={(event) => setClientCode(event.currentTarget.value)}
                  error={error}
                  autoComplete="off"
                />
                <Button type="submit" loading={start.isPending}>
                  {t('user-menu.staff.start')}
                </Button>
              </Stack>
            </form>
            {acting && (
              <Button variant="default" loading={stop.isPending} onClick={() => stop.mutate(undefined, { onSuccess: () => setOpened(false) })}>
                {t('user-menu.staff.stop', { name: acting.name })}
              </Button>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </>
  );
}
