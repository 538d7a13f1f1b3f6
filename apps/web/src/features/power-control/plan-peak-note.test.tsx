import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanPreview } from '@portal/schema/power';
import { renderWithProviders } from '../../test/render.tsx';
import { PlanPeakNote } from './plan-peak-note.tsx';

/** Four hours of a winter evening in Helsinki (UTC+2): 16:00Z is 18:00 on the site's clock. */
function preview(peak: PlanPreview['peak'], raises: boolean[], chosen: boolean[]): PlanPreview {
  return {
    loadId: 'load-1',
    windowStart: '2026-11-11T14:00:00.000Z',
    windowEnd: '2026-11-11T18:00:00.000Z',
    hoursNeeded: 2,
    ratedKw: 11,
    hours: raises.map((raisesPeak, index) => ({
      startsAt: new Date(Date.parse('2026-11-11T14:00:00Z') + index * 3_600_000).toISOString(),
      centsPerKwh: 5,
      vatPermille: 255,
      chosen: chosen[index]!,
      expectedKw: raisesPeak ? 17 : 13,
      raisesPeak,
    })),
    plannedCostCents: 100,
    atOnceCostCents: 120,
    savingCents: 20,
    peak,
  };
}

describe('the plan’s note on the power peak (decision 128)', () => {
  it('names the hours left out because they would raise the month’s peak, on the site’s clock', async () => {
    await renderWithProviders(
      <PlanPeakNote
        preview={preview({ limitKw: 14, raised: false }, [false, false, true, true], [true, true, false, false])}
        timezone="Europe/Helsinki"
      />,
    );
    const note = await screen.findByRole('alert');
    expect(note).toHaveTextContent("This month's power peak");
    expect(note).toHaveTextContent("Left out because they would raise this month's power peak of 14.0 kW:");
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['18:00: about 17.0 kW with the load on', '19:00: about 17.0 kW with the load on']);
  });

  it('says so when too few hours stay under the peak, listing the chosen hours that raise it', async () => {
    await renderWithProviders(
      <PlanPeakNote
        preview={preview({ limitKw: 8, raised: true }, [true, true, true, true], [false, true, true, false])}
        timezone="Europe/Helsinki"
      />,
    );
    const note = await screen.findByRole('alert');
    expect(note).toHaveTextContent("Too few hours stay under this month's power peak of 8.0 kW, so the plan raises it in these hours:");
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['17:00: about 17.0 kW with the load on', '18:00: about 17.0 kW with the load on']);
  });

  it('says the chosen hours stay under the peak when nothing was left out, and is absent without a power charge', async () => {
    const { container } = await renderWithProviders(
      <PlanPeakNote
        preview={preview({ limitKw: 14, raised: false }, [false, false, false, false], [true, true, false, false])}
        timezone="Europe/Helsinki"
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("The chosen hours stay under this month's power peak of 14.0 kW.");
    container.remove();
    await renderWithProviders(<PlanPeakNote preview={preview(null, [false], [true])} timezone="Europe/Helsinki" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
