import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandAnswer } from '@portal/schema/power';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { buildCommand, buildMeteringPointStatus, buildReading } from './power-factories.ts';
import { PowerControlPage } from './power-control-page.tsx';

/** The browser's EventSource, played by the test: it records what was opened and lets the test send events. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(data: unknown) {
    this.dispatchEvent(new MessageEvent('reading', { data: JSON.stringify(data) }));
  }
}

const power = buildSite({ features: ['RELAY_CONTROL', 'POWER_CONTROL_HAN_PORT', 'LIVE_READINGS'] });
const started = Date.parse('2026-11-23T10:00:00Z');

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  setVisibility('visible');
});
afterEach(() => vi.unstubAllGlobals());

describe('/power-control', () => {
  it('asks before switching a load, shows the command as pending, then the meter’s answer', async () => {
    const meter = buildMeteringPointStatus();
    let current = meter;
    let looks = 0;
    const answer: CommandAnswer = { command: buildCommand(), alreadyPending: false };
    const fetchMock = stubApi({
      'GET /api/load-controls/metering-points': () => [current],
      'GET /api/load-controls/live-readings/obj-lumo-aino-home': {
        objectId: meter.objectId,
        meteringPointId: meter.meteringPointId,
        latest: null,
        recent: [],
      },
      'POST /api/load-controls/change-control': () => {
        current = { ...meter, loads: [{ ...meter.loads[0]!, pendingCommand: answer.command }, meter.loads[1]!] };
        return answer;
      },
      // The meter answers between the page's first and second look.
      'GET /api/load-controls/commands/7d0c7a52-5f4c-4c1e-9a55-0d8a3a9e0001': () => {
        looks += 1;
        if (looks === 1) return answer.command;
        current = { ...meter, loads: [{ ...meter.loads[0]!, state: 'off' }, meter.loads[1]!] };
        return buildCommand({ status: 'confirmed', resolvedAt: '2026-11-23T10:00:03.000Z' });
      },
      'GET /api/load-controls/plans': [],
    });
    await renderWithProviders(<PowerControlPage />, { site: power, path: '/power-control' });
    const home = await screen.findByRole('article', { name: 'Kuusikallionkuja 7, Espoo' });
    const heater = within(home).getByRole('switch', { name: 'Water heater on' });
    expect(heater).toBeChecked();

    await userEvent.click(heater);
    const dialog = await screen.findByRole('dialog', { name: 'Switch Water heater off?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST', '/api/load-controls/change-control')).toEqual([]);

    await userEvent.click(heater);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(callsTo(fetchMock, 'POST', '/api/load-controls/change-control').map((call) => call.body)).toEqual([
      { target: 'load', loadId: 'load-lumo-aino-el-1', state: 'off' },
    ]);
    expect(await within(home).findByText('Waiting for the meter')).toBeInTheDocument();
    expect(await screen.findByText('The meter confirmed the change: Water heater.', undefined, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(within(home).getByRole('switch', { name: 'Water heater on' })).not.toBeChecked());
  }, 15_000);

  it('streams live readings, closes the stream while the page is hidden and resumes from the last reading', async () => {
    const meter = buildMeteringPointStatus();
    stubApi({
      'GET /api/load-controls/metering-points': [meter],
      'GET /api/load-controls/live-readings/obj-lumo-aino-home': {
        objectId: meter.objectId,
        meteringPointId: meter.meteringPointId,
        latest: buildReading(started),
        recent: [buildReading(started)],
      },
      'GET /api/load-controls/plans': [],
    });
    await renderWithProviders(<PowerControlPage />, { site: power, path: '/power-control' });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [first] = FakeEventSource.opened;
    expect(first!.url).toBe(`/api/load-controls/live-readings/obj-lumo-aino-home/stream?lastEventId=${started}`);
    expect(await screen.findByText('1.75 kW')).toBeInTheDocument();

    act(() => first!.emit(buildReading(started + 5000, 2400)));
    expect(await screen.findByText('2.4 kW')).toBeInTheDocument();

    act(() => setVisibility('hidden'));
    expect(first!.readyState).toBe(FakeEventSource.CLOSED);
    expect(screen.getByText('Paused')).toBeInTheDocument();
    act(() => setVisibility('visible'));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.url).toBe(`/api/load-controls/live-readings/obj-lumo-aino-home/stream?lastEventId=${started + 5000}`);
  });

  it('shows only the parts the site offers', async () => {
    const meter = buildMeteringPointStatus();
    stubApi({
      'GET /api/load-controls/metering-points': [meter],
      'GET /api/load-controls/live-readings/obj-lumo-aino-home': {
        objectId: meter.objectId,
        meteringPointId: meter.meteringPointId,
        latest: null,
        recent: [],
      },
    });
    await renderWithProviders(<PowerControlPage />, { site: buildSite({ features: ['LIVE_READINGS'] }), path: '/power-control' });
    const home = await screen.findByRole('article', { name: 'Kuusikallionkuja 7, Espoo' });
    expect(within(home).getByText('Waiting for the first reading from the meter…')).toBeInTheDocument();
    expect(within(home).queryByRole('switch')).toBeNull();
    expect(within(home).queryByText('Cheapest hours')).toBeNull();
  });
});
