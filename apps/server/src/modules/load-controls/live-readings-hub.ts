import type { LiveReading } from '@portal/schema/power';
import type { HeadEnd, MeterAddress, MeterReading } from '../../integrations/head-end/port.ts';

export type ReadingListener = { reading: (reading: LiveReading) => void; end: () => void };

type Channel = {
  buffer: LiveReading[];
  listeners: Set<ReadingListener>;
  arrivals: Set<() => void>;
  unwatch: () => void;
  linger: NodeJS.Timeout | null;
};

export type LiveReadingsHub = ReturnType<typeof createLiveReadingsHub>;

/** A reading as the API shows it; its id is its time, so a stream resumes after the last one a browser saw. */
export function toLiveReading(reading: MeterReading): LiveReading {
  return {
    id: String(Date.parse(reading.measuredAt)),
    measuredAt: reading.measuredAt,
    activePowerImportW: reading.activePowerImportW,
    activePowerExportW: reading.activePowerExportW,
    voltageV: reading.voltageV,
    currentA: reading.currentA,
    energyImportWh: reading.energyImportWh,
    energyExportWh: reading.energyExportWh,
  };
}

/**
 * Live readings of this server copy (docs/decisions/062-live-readings.md): one broker subscription per watched
 * meter however many browsers watch it, the last few minutes kept so a stream that dropped resumes where it
 * left off, and the subscription kept a minute after the last watcher so a page reload finds it warm.
 */
export function createLiveReadingsHub(
  headEnd: HeadEnd,
  { keepMs = 5 * 60_000, keepCount = 120, lingerMs = 60_000 }: { keepMs?: number; keepCount?: number; lingerMs?: number } = {},
) {
  const channels = new Map<string, Channel>();
  const keyOf = (meter: MeterAddress) => `${meter.siteId}/${meter.gsrn}`;

  function channelOf(meter: MeterAddress): Channel {
    const key = keyOf(meter);
    let channel = channels.get(key);
    if (channel) return channel;
    const created: Channel = { buffer: [], listeners: new Set(), arrivals: new Set(), unwatch: () => {}, linger: null };
    created.unwatch = headEnd.watchReadings(meter, (message) => {
      const reading = toLiveReading(message);
      const last = created.buffer.at(-1);
      // The retained copy comes again after every resubscription: a reading is news only if it is newer.
      if (last && Number(reading.id) <= Number(last.id)) return;
      const oldest = Number(reading.id) - keepMs;
      created.buffer = [...created.buffer.filter((kept) => Number(kept.id) >= oldest), reading].slice(-keepCount);
      for (const listener of created.listeners) listener.reading(reading);
      for (const arrived of created.arrivals) arrived();
    });
    channels.set(key, created);
    channel = created;
    return channel;
  }

  function release(meter: MeterAddress, channel: Channel) {
    if (channel.listeners.size > 0 || channel.linger) return;
    channel.linger = setTimeout(() => {
      channel.linger = null;
      if (channel.listeners.size > 0) return;
      channel.unwatch();
      channels.delete(keyOf(meter));
    }, lingerMs);
    channel.linger.unref();
  }

  function keep(channel: Channel) {
    if (channel.linger) clearTimeout(channel.linger);
    channel.linger = null;
  }

  return {
    /** Readings after `afterId` now, then each new one, until the returned function is called. */
    watch(meter: MeterAddress, listener: ReadingListener, afterId: string | null): () => void {
      const channel = channelOf(meter);
      keep(channel);
      if (afterId !== null) {
        for (const reading of channel.buffer) if (Number(reading.id) > Number(afterId)) listener.reading(reading);
      }
      channel.listeners.add(listener);
      return () => {
        channel.listeners.delete(listener);
        release(meter, channel);
      };
    },

    /** The latest and recent readings; waits up to `waitMs` for the broker's retained reading of a meter not yet watched. */
    async latest(meter: MeterAddress, waitMs = 1500): Promise<{ latest: LiveReading | null; recent: LiveReading[] }> {
      const channel = channelOf(meter);
      keep(channel);
      if (channel.buffer.length === 0) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            channel.arrivals.delete(done);
            resolve();
          };
          const timer = setTimeout(done, waitMs);
          channel.arrivals.add(done);
        });
      }
      release(meter, channel);
      return { latest: channel.buffer.at(-1) ?? null, recent: [...channel.buffer] };
    },

    /** Ends every stream (the server is closing) and leaves the broker. */
    close() {
      for (const channel of channels.values()) {
        keep(channel);
        for (const listener of channel.listeners) listener.end();
        channel.listeners.clear();
        channel.unwatch();
      }
      channels.clear();
    },
  };
}
