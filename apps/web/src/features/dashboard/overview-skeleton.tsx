import { SimpleGrid, Skeleton } from '@mantine/core';

/** Where the data cards will be, while their code or the customer's metering points are on their way. */
export function OverviewSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" aria-busy="true" data-testid="dashboard-skeleton">
      <Skeleton height={360} radius="md" />
      <Skeleton height={360} radius="md" />
      <Skeleton height={360} radius="md" />
    </SimpleGrid>
  );
}
