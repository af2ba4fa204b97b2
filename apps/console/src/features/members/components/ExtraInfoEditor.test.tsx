import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderApp';
import { ExtraInfoEditor } from './ExtraInfoEditor';

function Harness({ initial, onPairsError }: { initial: string; onPairsError: (m: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ExtraInfoEditor value={value} onChange={setValue} onPairsError={onPairsError} />
      <output data-testid="value">{value}</output>
    </>
  );
}

// user-event typing is slow on a loaded machine; these are behaviour tests, not speed tests.
describe('extra info editor', { timeout: 30_000 }, () => {
  it('blocks switching to JSON while pairs repeat a key, and says why', async () => {
    const user = userEvent.setup();
    const onPairsError = vi.fn();
    renderWithProviders(<Harness initial='{"dept":"IT"}' onPairsError={onPairsError} />);
    expect((screen.getByLabelText('Key') as HTMLInputElement).value).toBe('dept');
    await user.click(screen.getByRole('button', { name: 'Add pair' }));
    const keys = screen.getAllByLabelText('Key');
    await user.type(keys[1] as HTMLElement, 'dept');
    expect(onPairsError).toHaveBeenLastCalledWith('Duplicate JSON key not allowed: dept.');
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    expect(screen.getByText('Cannot switch to the JSON editor: Duplicate JSON key not allowed: dept.')).toBeTruthy();
    expect(screen.queryByLabelText('Extra info (JSON)')).toBeNull();

    await user.clear(screen.getAllByLabelText('Key')[1] as HTMLElement);
    await user.type(screen.getAllByLabelText('Key')[1] as HTMLElement, 'floor');
    await user.type(screen.getAllByLabelText('Value')[1] as HTMLElement, '3');
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    const json = screen.getByLabelText('Extra info (JSON)') as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual({ dept: 'IT', floor: '3' });
  });

  it('refuses to leave invalid JSON for pairs with the JSON message', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="{oops" onPairsError={() => {}} />);
    expect(screen.getByLabelText('Extra info (JSON)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Key-value pairs' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Cannot switch to key-value pairs: This is not valid JSON.',
    );
  });
});
