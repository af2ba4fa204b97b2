import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { act, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n/i18n';
import { renderWithProviders } from '../test/renderApp';

/** The picker's field as the user reads it (its sections, then its label). */
const fieldText = () => screen.getByRole('group').textContent ?? '';

describe('date pickers follow the console language', { timeout: 30_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('orders the fields month first in English (en-US), day first in Italian, and switches with the language', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<DatePicker label="Day" value={dayjs('2026-11-23')} onChange={() => {}} />);
    expect(fieldText()).toContain('11/23/2026');
    await act(() => i18n.changeLanguage('it'));
    expect(fieldText()).toContain('23/11/2026');
    await act(() => i18n.changeLanguage('en'));
    expect(fieldText()).toContain('11/23/2026');
  });

  it('shows the empty field in the language order and words', async () => {
    await i18n.changeLanguage('it');
    renderWithProviders(<DatePicker label="Day" value={null} onChange={() => {}} />);
    expect(fieldText()).toContain('GG/MM/AAAA');
  });
});
