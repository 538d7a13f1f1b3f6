import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomesComparison } from '@portal/schema/homes-comparison';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { HomesComparisonCard } from './homes-comparison-card.tsx';

const site = buildSite({ id: 'lumo', companyName: 'Lumo Energia Oy' });

const months = Array.from({ length: 12 }, (_, index) => ({
  month: `${index < 1 ? 2025 : 2026}-${String(index < 1 ? 12 : index).padStart(2, '0')}`,
  myKwh: index === 0 ? null : 2000 + index,
  medianKwh: 1800,
  efficientKwh: 950.25,
}));

const AVAILABLE: HomesComparison = {
  meteringPointId: 'mp-aino',
  utility: 'electricity',
  home: { homeKind: 'detached', heating: 'heat-pump', floorAreaBand: '150-200' },
  status: 'available',
  minimumHomes: 20,
  group: { homeKind: 'detached', heating: 'heat-pump', floorAreaBand: '150-200', homes: 48, widened: false },
  months,
};

afterEach(() => vi.unstubAllGlobals());

describe('HomesComparisonCard', () => {
  it('describes the group in words and shows my months beside its median and efficient homes in a table', async () => {
    stubApi({ 'GET /api/usage-points/homes-comparison': AVAILABLE });
    await renderWithProviders(<HomesComparisonCard meteringPointId="mp-aino" />, { site });
    expect(await screen.findByTestId('homes-comparison-group')).toHaveTextContent(
      'Compared with: Detached houses, heat pump, 150–200 m² — 48 homes',
    );
    const table = screen.getByRole('table', { name: 'Monthly consumption beside similar homes: Detached houses, heat pump, 150–200 m²' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'My consumption', 'Similar homes (median)', 'Efficient homes']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['–', '1,800 kWh', '950.3 kWh']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2,001 kWh', '1,800 kWh', '950.3 kWh']);
    expect(screen.queryByText(/wider group/)).not.toBeInTheDocument();
  });

  it('says which wider group was used', async () => {
    stubApi({
      'GET /api/usage-points/homes-comparison': {
        ...AVAILABLE,
        home: { homeKind: 'apartment', heating: 'district', floorAreaBand: '50-80' },
        group: { homeKind: 'apartment', heating: 'district', floorAreaBand: null, homes: 34, widened: true },
      },
    });
    await renderWithProviders(<HomesComparisonCard meteringPointId="mp-aino" />, { site });
    expect(await screen.findByTestId('homes-comparison-group')).toHaveTextContent('Apartments, district heating — 34 homes');
    expect(screen.getByText(/this wider group/)).toBeInTheDocument();
  });

  it('shows no figure of too few homes, and says why', async () => {
    stubApi({
      'GET /api/usage-points/homes-comparison': {
        ...AVAILABLE,
        status: 'too-few-homes',
        group: { homeKind: 'holiday-home', heating: null, floorAreaBand: null, homes: null, widened: true },
        months: [],
      },
    });
    await renderWithProviders(<HomesComparisonCard meteringPointId="mp-aino" />, { site });
    expect(await screen.findByTestId('homes-comparison-too-few')).toHaveTextContent(
      'Fewer than 20 homes like yours (Holiday homes) are among our customers',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks for the home when it is unknown and sends what the customer chose', async () => {
    const fetchMock = stubApi({
      'GET /api/usage-points/homes-comparison': {
        ...AVAILABLE,
        status: 'home-unknown',
        home: { homeKind: null, heating: null, floorAreaBand: null },
        group: null,
        months: [],
      },
      'PUT /api/usage-points/home': { homeKind: 'terraced', heating: 'district', floorAreaBand: null },
    });
    await renderWithProviders(<HomesComparisonCard meteringPointId="mp-aino" />, { site });
    expect(await screen.findByText('Tell us what kind of home this is to compare it with similar homes.')).toBeInTheDocument();
    const user = userEvent.setup();
    // Nothing chosen: the shared schema refuses it before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Choose one')).toHaveLength(2);
    expect(callsTo(fetchMock, 'PUT', '/api/usage-points/home')).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: /Kind of home/ }));
    await user.click(await screen.findByRole('option', { name: 'Terraced or semi-detached house' }));
    await user.click(screen.getByRole('combobox', { name: /Main heating/ }));
    await user.click(await screen.findByRole('option', { name: 'District heating' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/usage-points/home').map((call) => call.body)).toEqual([
        { meteringPointId: 'mp-aino', homeKind: 'terraced', heating: 'district', floorAreaBand: null },
      ]),
    );
    expect(await screen.findByText('Your home’s details were saved.')).toBeInTheDocument();
  });
});
