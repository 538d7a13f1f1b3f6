import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DateField } from './date-field.tsx';

function Field({ initial, minDate, maxDate }: { initial: string | null; minDate?: string; maxDate?: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateField label="Day" value={value} onChange={setValue} minDate={minDate} maxDate={maxDate} />
      <output aria-label="chosen">{value ?? 'none'}</output>
    </>
  );
}

describe('date field', () => {
  it('offers nothing after 9999-12-31, the latest day of spec §9, even when a caller allows more', async () => {
    await renderWithProviders(<Field initial="9999-12-30" maxDate="99999-01-01" />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Day' }));
    expect(await screen.findByRole('button', { name: '31 December 9999' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
  });

  it('takes a day typed as DD.MM.YYYY and shows it so', async () => {
    await renderWithProviders(<Field initial={null} />);
    const input = screen.getByRole('textbox', { name: 'Day' });
    await userEvent.type(input, '1.11.2026');
    await userEvent.tab();
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('2026-11-01');
    expect(input).toHaveValue('01.11.2026');
  });

  it('keeps a day typed outside its window, holds no day and says which days it takes, until one of them is typed', async () => {
    await renderWithProviders(<Field initial="2026-12-10" minDate="2026-12-01" maxDate="2027-05-31" />);
    const input = screen.getByRole('textbox', { name: 'Day' });
    await userEvent.clear(input);
    await userEvent.type(input, '24.11.2026');
    await userEvent.tab();
    expect(input).toHaveValue('24.11.2026');
    expect(input).toHaveAccessibleDescription('Choose a day between 01.12.2026 and 31.05.2027.');
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('none');

    await userEvent.clear(input);
    await userEvent.type(input, '2.12.2026');
    await userEvent.tab();
    expect(input).toHaveValue('02.12.2026');
    expect(input).not.toHaveAccessibleDescription();
    expect(screen.getByRole('status', { name: 'chosen' })).toHaveTextContent('2026-12-02');
  });

  it('names only the end a window has', async () => {
    await renderWithProviders(<Field initial={null} minDate="2026-12-01" />);
    const input = screen.getByRole('textbox', { name: 'Day' });
    await userEvent.type(input, '30.11.2026');
    await userEvent.tab();
    expect(input).toHaveAccessibleDescription('Choose a day on or after 01.12.2026.');
  });
});
