import { useEffect, useRef, useState } from 'react';
import type { LiveReading, LiveReadingsView } from '@portal/schema/power';
import { api } from '../../shared/api/api-client.ts';

/** GET /api/load-controls/live-readings/{objectId}: the latest reading and the last few minutes. */
export function getLiveReadings(objectId: string): Promise<LiveReadingsView> {
  return api<LiveReadingsView>(`/api/load-controls/live-readings/${encodeURIComponent(objectId)}`);
}

const KEEP_MS = 5 * 60_000;
export type StreamState = 'connecting' | 'live' | 'paused' | 'closed';

/** Newer readings appended, older than five minutes dropped, none twice. */
function merge(kept: LiveReading[], arrived: LiveReading[]): LiveReading[] {
  const last = Number(kept.at(-1)?.id ?? 0);
  const fresh = arrived.filter((reading) => Number(reading.id) > last);
  if (fresh.length === 0) return kept;
  const oldest = Number(fresh.at(-1)!.id) - KEEP_MS;
  return [...kept, ...fresh].filter((reading) => Number(reading.id) >= oldest);
}

/**
 * The object's live readings (docs/decisions/062-live-readings.md): the last few minutes from the API, then a
 * Server-Sent Events stream. The browser reconnects a dropped stream by itself with Last-Event-ID; while the page
 * is hidden the stream is closed, and reopened from the last reading seen when the page shows again.
 */
export function useLiveReadings(objectId: string, enabled = true) {
  const [readings, setReadings] = useState<LiveReading[]>([]);
  const [state, setState] = useState<StreamState>('connecting');
  const lastId = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let stopped = false;
    const add = (arrived: LiveReading[]) => {
      if (arrived.length === 0) return;
      lastId.current = arrived.at(-1)!.id;
      setReadings((kept) => merge(kept, arrived));
    };
    const open = () => {
      if (stopped || source || document.visibilityState === 'hidden') return;
      const resume = lastId.current ? `?lastEventId=${lastId.current}` : '';
      const opened = new EventSource(`/api/load-controls/live-readings/${encodeURIComponent(objectId)}/stream${resume}`);
      source = opened;
      setState('connecting');
      opened.addEventListener('open', () => setState('live'));
      opened.addEventListener('reading', (event) => add([JSON.parse((event as MessageEvent<string>).data) as LiveReading]));
      opened.addEventListener('error', () => setState(opened.readyState === EventSource.CLOSED ? 'closed' : 'connecting'));
    };
    const close = () => {
      source?.close();
      source = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        close();
        setState('paused');
      } else open();
    };
    document.addEventListener('visibilitychange', onVisibility);
    getLiveReadings(objectId)
      .then((view) => add(view.recent))
      .catch(() => {})
      .finally(open);
    return () => {
      stopped = true;
      close();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [objectId, enabled]);

  return { readings, latest: readings.at(-1) ?? null, state };
}
