import { Button, Loader, Popover, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorInfo } from '@portal/schema/identity';
import { useStopActingForCustomer } from '../../shared/auth/staff-acting-customer.ts';
import { useOpenedOnArrival } from '../../shared/ui/popup-on-first-click.tsx';
import { StaffActingButton } from './staff-acting-button.tsx';

const ActForCustomerForm = lazy(() =>
  import('../../shared/auth/act-for-customer-form.tsx').then(({ ActForCustomerForm: Form }) => ({ default: Form })),
);

/** The popover of `StaffActingCustomer`, loaded at its first click and opened at once. */
export default function StaffActingCustomerPopup({ info }: { info: ActorInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { target, opened, setOpened } = useOpenedOnArrival<HTMLButtonElement>();
  const stop = useStopActingForCustomer();
  const acting = info.actingAs === 'staff' ? info.customer : null;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus returnFocus width={280}>
      <Popover.Target>
        <StaffActingButton ref={target} aria-expanded={opened} onClick={() => setOpened((value) => !value)} />
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
