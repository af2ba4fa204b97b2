import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderApp';
import { Spinner } from './LoadingOverlay';

describe('Spinner', () => {
  it('has the spec sizes: small 30/3, medium 60/4 (default), large 80/6', () => {
    renderWithProviders(
      <>
        <Spinner size="small" label="s" />
        <Spinner label="m" />
        <Spinner size="large" label="l" />
      </>,
    );
    for (const [label, size, thickness] of [
      ['s', 30, 3],
      ['m', 60, 4],
      ['l', 80, 6],
    ] as const) {
      const spinner = screen.getByRole('progressbar', { name: label });
      expect(spinner.style.width).toBe(`${size}px`);
      expect(spinner.style.height).toBe(`${size}px`);
      expect(spinner.querySelector('circle')?.getAttribute('stroke-width')).toBe(String(thickness));
    }
  });

  it('is named in the console language by default', () => {
    renderWithProviders(<Spinner />);
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
  });
});
