import type { Database } from '../../platform/database.ts';
import { tokenSha256 } from '../../platform/system-clients.ts';
import { systemClient } from '../schema/system-clients.ts';
import { DEMO_SITES } from './demo-sites.ts';

/**
 * The demo reading system's token of a site (docs/decisions/131): known, like the demo e-ID's client secrets, so a
 * developer can send readings with curl. Only its hash is stored; the demo seed runs only in demo mode.
 */
export const demoReadingSystemToken = (siteId: string) => `demo-${siteId}-reading-system-token`;

/** One reading system client per demo site, by a fixed id: a later start writes nothing. */
export async function seedDemoSystemClients(db: Database): Promise<void> {
  await db
    .insert(systemClient)
    .values(
      DEMO_SITES.map(({ id }) => ({
        id: `sc-${id}-reading-system`,
        siteId: id,
        kind: 'reading-system' as const,
        name: `${id} demo reading system`,
        tokenSha256: tokenSha256(demoReadingSystemToken(id)),
      })),
    )
    .onConflictDoNothing();
}
