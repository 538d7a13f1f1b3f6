import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { buildActorInfo } from '../../test/identity-factories.ts';
import { renderWithProviders, TEST_APP_VERSION } from '../../test/render.tsx';
import { sealDraft } from './draft-cipher.ts';
import { useFormDraft } from './use-form-draft.ts';

const KEY = buildActorInfo().draftKey;
const STORAGE_KEY = 'form-draft:move-out:C-1001';

function MoveOutForm({ onSent }: { onSent?: () => void }) {
  const form = useForm({ initialValues: { street: '', meterReading: '' } });
  const { clearDraft } = useFormDraft(form, 'move-out');
  return (
    <form
      onSubmit={form.onSubmit(() => {
        clearDraft();
        onSent?.();
      })}
    >
      <TextInput label="New street" {...form.getInputProps('street')} />
      <TextInput label="Meter reading" {...form.getInputProps('meterReading')} />
      <Button type="submit">Send</Button>
    </form>
  );
}

const stored = () => JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Record<string, string> | null;

describe('form drafts (spec §4)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    stubApi({ 'GET /api/info': buildActorInfo() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what was typed encrypted, with the time and the release, and offers it back after a reload', async () => {
    const first = await renderWithProviders(<MoveOutForm />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'New street' }), 'Mannerheimintie 5');
    await waitFor(() => expect(stored()).toMatchObject({ version: TEST_APP_VERSION, savedAt: expect.any(String) }));
    expect(atob(stored()!.iv!)).toHaveLength(16);
    expect(sessionStorage.getItem(STORAGE_KEY)).not.toContain('Mannerheimintie');
    first.unmount();

    await renderWithProviders(<MoveOutForm />);
    expect(await screen.findByRole('dialog', { name: 'Continue where you left off?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New street' })).toHaveValue('Mannerheimintie 5'));
  });

  it('forgets the draft once the form is sent, and when the person starts afresh', async () => {
    const sent = vi.fn();
    const first = await renderWithProviders(<MoveOutForm onSent={sent} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Meter reading' }), '12345');
    await waitFor(() => expect(stored()).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toHaveBeenCalled();
    await waitFor(() => expect(stored()).toBeNull());
    first.unmount();

    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify(await sealDraft({ street: 'Old', meterReading: '' }, KEY, TEST_APP_VERSION, new Date())),
    );
    await renderWithProviders(<MoveOutForm />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start afresh' }));
    expect(stored()).toBeNull();
    expect(screen.getByRole('textbox', { name: 'New street' })).toHaveValue('');
  });

  it('offers no draft of another release, and none it cannot open', async () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(await sealDraft({ street: 'Old', meterReading: '' }, KEY, '0.0.9', new Date())));
    const first = await renderWithProviders(<MoveOutForm />);
    await screen.findByRole('textbox', { name: 'New street' });
    await waitFor(() => expect(stored()).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    // Sealed under another session's key: opening fails, so there is no draft (spec §8).
    const otherKey = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify(await sealDraft({ street: 'Theirs', meterReading: '' }, otherKey, TEST_APP_VERSION, new Date())),
    );
    await renderWithProviders(<MoveOutForm />);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(stored()).toBeNull());
    expect(screen.getByRole('textbox', { name: 'New street' })).toHaveValue('');
  });
});
