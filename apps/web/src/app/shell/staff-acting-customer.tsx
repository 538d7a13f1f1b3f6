import { ActionIcon, Button, Loader, Popover, Stack, Text } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorInfo } from '@portal/schema/identity';
import { useStopActingForCustomer } from '../../shared/auth/staff-acting-customer.ts';

const ActForCustomerForm = lazy(() =>
  import('../../shared/auth/act-for-customer-form.tsx').then(({ ActForCustomerForm: Form }) => ({ default: Form })),
);

/**
 * Customer-service staff act for a customer of their site by client code, from any page; their workspace (/staff) finds
 * customers by anything else. Starting opens the customer's dashboard; stopping goes back to the workspace.
 */
export function StaffActingCustomer({ info }: { info: ActorInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const stop = useStopActingForCustomer();
  const acting = info.actingAs === 'staff' ? info.customer : null;
  return (
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
          {acting && (
            <Text size="sm" fw={600}>
              {t('header.acting-for', { name: acting.name })}
            </Text>
          )}
          <Suspense fallback={<Loader size="sm" aria-label={t('app.loading')} />}>
            <ActForCustomerForm
              onStarted={() => {
                setOpened(false);
                void navigate({ to: '/dashboard' });
              }}
            />
          </Suspense>
          {acting && (
            <Button
              variant="default"
              loading={stop.isPending}
              onClick={() =>
                stop.mutate(undefined, {
                  onSuccess: () => {
                    setOpened(false);
                    void navigate({ to: '/staff' });
                  },
                })
              }
            >
              {t('user-menu.staff.stop', { name: acting.name })}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
