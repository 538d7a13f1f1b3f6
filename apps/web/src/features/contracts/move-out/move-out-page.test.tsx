import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, formatDay, todayIn } from '@portal/schema/calendar-dates';
import type { ContractDetail } from '@portal/schema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, stubApi } from '../../../test/api-stub.ts';
import { buildActorInfo } from '../../../test/identity-factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildSite } from '../../../test/test-site.ts';
import { MoveOutConfirmationPage } from './move-out-confirmation-page.tsx';
import { MoveOutPage } from './move-out-page.tsx';

const today = todayIn('Europe/Helsinki');
const contract: ContractDetail = {
  id: 'ct-1',
  contractNumber: 'LE-2024-100731',
  type: 'SupplyContract',
  status: 'active',
  utility: 'electricity',
  productName: 'Lumo Pörssi',
  priceType: 'Hourly',
  startDate: '2024-11-01',
  endDate: null,
  termMonths: null,
  objectId: 'obj-1',
  address: { street: 'Kuusikallionkuja 7', postalCode: '02210', city: 'Espoo', countryCode: 'FI' },
  meteringPointId: 'mp-1',
  meteringPointCode: '643001100000543210',
  moveOutDate: null,
  vatPermille: 255,
  vatDate: '2026-11-22',
  signedAt: null,
  billing: { channel: 'Email', target: 'aino@example.fi', operator: null },
  priceComponents: [],
  moveOut: null,
};
const site = buildSite({ features: ['CONTRACTS'] });
const path = '/contracts/ct-1/move-out';

describe('/contracts/{id}/move-out', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form as the server does before sending anything', async () => {
    const fetchMock = stubApi({ 'GET /api/info': buildActorInfo(), 'GET /api/contracts/ct-1': contract });
    await renderWithProviders(<MoveOutPage contractId="ct-1" />, { site, path });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Postal code' }), 'LV-1050');
    await userEvent.click(screen.getByRole('button', { name: 'Report move-out' }));
    expect(await screen.findByText('Choose the moving day.')).toBeInTheDocument();
    expect(screen.getByText('Enter the street and house number.')).toBeInTheDocument();
    expect(screen.getByText(/Enter a postal code of the chosen country/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/move-out')).toHaveLength(0);
  });

  it('reports a move-out ahead with the new address, the meter read on the day, then shows the confirmation', async () => {
    const endDate = addDays(today, 10);
    const recorded: ContractDetail = {
      ...contract,
      status: 'ending',
      endDate,
      moveOutDate: endDate,
      moveOut: {
        endDate,
        finalInvoiceAddress: { street: 'Mannerheimintie 12 A 5', postalCode: '00100', city: 'Helsinki', countryCode: 'FI' },
        meterReadingKwh: null,
        reportedAt: new Date().toISOString(),
      },
    };
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/contracts/ct-1': contract,
      'POST /api/contracts/ct-1/move-out': recorded,
    });
    const { router } = await renderWithProviders(<MoveOutPage contractId="ct-1" />, { site, path });
    expect(await screen.findByText('Kuusikallionkuja 7, 02210 Espoo')).toBeInTheDocument();
    const day = screen.getByRole('textbox', { name: /Last day of the contract/ });
    expect(day).toHaveAccessibleDescription(new RegExp(`From ${formatDay(addDays(today, -14))} to ${formatDay(addDays(today, 90))}`));
    await userEvent.type(day, formatDay(endDate));
    await userEvent.tab();
    expect(screen.getByText(/You can give a reading here only once that day has come/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Reading on the moving day/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Street address' }), 'Mannerheimintie 12 A 5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Postal code' }), '00100');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Helsinki');
    await userEvent.click(screen.getByRole('button', { name: 'Report move-out' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/move-out')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/move-out')[0]!.body).toEqual({
      endDate,
      finalInvoiceAddress: { street: 'Mannerheimintie 12 A 5', postalCode: '00100', city: 'Helsinki', countryCode: 'FI' },
      meterReadingKwh: null,
    });
    // Sent: nothing is unsaved, so no leave-page warning stands between the form and its confirmation.
    await waitFor(() => expect(router.state.location.pathname).toBe('/contracts/ct-1/move-out/confirmation'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the meter reading when the moving day has come', async () => {
    const fetchMock = stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/contracts/ct-1': contract,
      'POST /api/contracts/ct-1/move-out': contract,
    });
    await renderWithProviders(<MoveOutPage contractId="ct-1" />, { site, path });
    await userEvent.type(await screen.findByRole('textbox', { name: /Last day of the contract/ }), formatDay(today));
    await userEvent.tab();
    await userEvent.type(await screen.findByRole('textbox', { name: /Reading on the moving day/ }), '48213');
    await userEvent.type(screen.getByRole('textbox', { name: 'Street address' }), 'Brīvības iela 1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Postal code' }), '1050');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Rīga');
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Latvia' }));
    await userEvent.click(screen.getByRole('button', { name: 'Report move-out' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/move-out')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', '/api/contracts/ct-1/move-out')[0]!.body).toMatchObject({
      endDate: today,
      finalInvoiceAddress: { postalCode: '1050', countryCode: 'LV' },
      meterReadingKwh: 48213,
    });
  });

  it('says when the move-out was already reported instead of offering the form again', async () => {
    const endDate = addDays(today, 5);
    stubApi({
      'GET /api/info': buildActorInfo(),
      'GET /api/contracts/ct-1': {
        ...contract,
        moveOutDate: endDate,
        moveOut: {
          endDate,
          finalInvoiceAddress: { street: 'Mannerheimintie 12 A 5', postalCode: '00100', city: 'Helsinki', countryCode: 'FI' },
          meterReadingKwh: 48213,
          reportedAt: new Date().toISOString(),
        },
      },
    });
    const view = await renderWithProviders(<MoveOutPage contractId="ct-1" />, { site, path });
    expect(await screen.findByText(`The contract ends on ${formatDay(endDate)}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report move-out' })).not.toBeInTheDocument();
    view.unmount();

    await renderWithProviders(<MoveOutConfirmationPage contractId="ct-1" />, { site, path: `${path}/confirmation` });
    const summary = await screen.findByRole('table', { name: 'What you reported' });
    expect(within(summary).getByRole('row', { name: /Address for the final invoice/ })).toHaveTextContent(
      'Mannerheimintie 12 A 5, 00100 Helsinki, Finland',
    );
    expect(within(summary).getByRole('row', { name: /Meter reading/ })).toHaveTextContent('48213 kWh');
  });
});
