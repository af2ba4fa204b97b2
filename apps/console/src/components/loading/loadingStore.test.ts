import { describe, expect, it, vi } from 'vitest';
import { createLoading } from './loadingStore';

describe('loading', () => {
  it('starts and stops; repeating either changes nothing', () => {
    const l = createLoading();
    const listener = vi.fn();
    l.store.subscribe(listener);
    expect(l.isLoading()).toBe(false);
    l.stop();
    expect(listener).not.toHaveBeenCalled();
    l.start('large');
    l.start('small');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(l.store.getState()).toEqual({ loading: true, size: 'large' });
    l.stop();
    l.stop();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(l.isLoading()).toBe(false);
  });

  it('defaults to the medium spinner', () => {
    const l = createLoading();
    l.start();
    expect(l.store.getState().size).toBe('medium');
  });
});
