import { Button, Group, Text } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ActorInfo } from '@portal/schema/identity';
import { useStopActingForCustomer } from '../../shared/auth/staff-acting-customer.ts';
import classes from './acting-banner.module.css';

/**
 * On every page while customer service act for a customer: whose data this is, and the way out. Its own landmark
 * (a labelled region), so a screen reader finds it, and the first thing under the header, so nobody forgets.
 */
export function ActingBanner({ info }: { info: ActorInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stop = useStopActingForCustomer();
  const customer = info.actingAs === 'staff' ? info.customer : null;
  if (!customer) return null;
  return (
    <section className={classes.banner} aria-label={t('staff.banner.label')} data-testid="acting-banner">
      <Group justify="space-between" gap="sm" wrap="wrap" px="md" py={6}>
        <Group gap="xs" wrap="nowrap">
          <IconHeadset size={20} aria-hidden />
          <Text fw={600} size="sm">
            {t('staff.banner.acting-for', { name: customer.name, clientCode: customer.clientCode })}
          </Text>
        </Group>
        <Button
          size="compact-sm"
          variant="white"
          color="dark"
          loading={stop.isPending}
          // Not mutate's own onSuccess: ending acting unmounts this banner before that would run.
          onClick={() =>
            stop.mutateAsync().then(
              () => navigate({ to: '/staff' }),
              () => undefined,
            )
          }
        >
          {t('staff.banner.end')}
        </Button>
      </Group>
    </section>
  );
}
