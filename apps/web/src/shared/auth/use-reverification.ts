import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../api/query-keys.ts';
import { useActorInfo } from './actor-info.ts';
import { useSession } from './session.ts';

export const REVERIFICATION_CHECK_INTERVAL_MS = 30_000;

/** Spec §9: a period has elapsed when the time since `verifiedAt` exceeds it, in seconds. */
export function isReverificationDue(verifiedAt: string | null, periodSeconds: number, now: number): boolean {
  if (!verifiedAt) return false;
  const verified = Date.parse(verifiedAt);
  if (Number.isNaN(verified)) return false;
  return (now - verified) / 1000 > periodSeconds;
}

/**
 * Spec §4: true once the person's last strong verification is older than the site's period (ActorInfo),
 * checked on load and every 30 seconds so a page left open notices too.
 */
export function useReverification(): boolean {
  const { status, session } = useSession();
  // Set by the query client when the server refused a change with REVERIFICATION_REQUIRED; never fetched.
  const { data: demanded } = useQuery({
    queryKey: queryKeys.auth.reverificationDemanded(),
    queryFn: () => false,
    enabled: false,
    initialData: false,
    gcTime: Infinity,
  });
  const { data: info } = useActorInfo({ enabled: status === 'authenticated' });
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REVERIFICATION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  if (!session) return false;
  if (demanded) return true;
  if (!info) return false;
  return isReverificationDue(session.user.verifiedAt, info.reverificationPeriodSeconds, now);
}
