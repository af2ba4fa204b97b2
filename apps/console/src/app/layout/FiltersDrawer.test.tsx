import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchFilters, filtersStore } from '../../components/filters/filtersStore';
import { renderWithProviders } from '../../test/renderApp';
import { FiltersDrawer } from './FiltersDrawer';

describe('filters drawer', () => {
  beforeEach(() => {
    dispatchFilters({ type: 'clear' });
    dispatchFilters({
      type: 'define',
      definitions: [
        { type: 'search', key: 'search', label: 'members.search' },
        {
          type: 'triMode',
          key: 'enrolled',
          label: 'members.filters.enrolled',
          secondLabel: 'members.filters.notEnrolled',
        },
        {
          type: 'group',
          key: 'state',
          label: 'members.filters.created',
          children: [{ type: 'boolean', key: 'blocked', label: 'members.filters.blocked' }],
        },
      ],
    });
  });

  it('enables Apply with unsaved changes and Reset with applied filters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FiltersDrawer />);
    act(() => dispatchFilters({ type: 'toggle', open: true }));
    const apply = await screen.findByRole('button', { name: 'Apply' });
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    expect(reset.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Not enrolled' }));
    await user.click(screen.getByLabelText('Blocked'));
    expect(apply.hasAttribute('disabled')).toBe(false);
    await user.type(screen.getByLabelText('Search users'), 'ann{Enter}');
    expect(filtersStore.getState().applied).toEqual({ search: 'ann', enrolled: 'false', blocked: true });
    expect(filtersStore.getState().open).toBe(false);

    act(() => dispatchFilters({ type: 'toggle', open: true }));
    const reset2 = await screen.findByRole('button', { name: 'Reset' });
    expect(reset2.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Apply' }).hasAttribute('disabled')).toBe(true);
    await user.click(reset2);
    expect(filtersStore.getState().applied).toEqual({});
    expect(reset2.hasAttribute('disabled')).toBe(true);
    // The focus stays in the drawer, so Escape still closes it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(filtersStore.getState().open).toBe(false);
  });
});
