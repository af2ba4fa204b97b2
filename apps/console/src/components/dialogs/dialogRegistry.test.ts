import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDialogRegistry,
  type DialogRegistry,
  dialogName,
  dialogs,
  openDialog,
  openDialogWhenRegistered,
} from './dialogRegistry';

describe('dialog registry', () => {
  let reg: DialogRegistry;
  beforeEach(() => {
    reg = createDialogRegistry();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('refuses to open an unregistered dialog, logging the registered names', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    reg.register('a');
    reg.register('b');
    expect(reg.open('nope')).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('nope');
    expect(String(error.mock.calls[0]?.[0])).toContain('a, b');
    expect(reg.store.getState().stack).toEqual([]);
  });

  it('opens onto an ordered stack and runs onOpen once', () => {
    const onOpen = vi.fn();
    reg.register('a', { onOpen });
    reg.register('b');
    expect(reg.open('a')).toBe(true);
    expect(reg.open('b')).toBe(true);
    expect(reg.store.getState().stack).toEqual(['a', 'b']);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('does nothing when opening an open dialog', () => {
    const onOpen = vi.fn();
    reg.register('a', { onOpen });
    reg.open('a');
    expect(reg.open('a')).toBe(false);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(reg.store.getState().stack).toEqual(['a']);
  });

  it('closes by name and runs onClose', () => {
    const onClose = vi.fn();
    reg.register('a', { onClose });
    reg.register('b');
    reg.open('a');
    reg.open('b');
    reg.close('a');
    expect(reg.store.getState().stack).toEqual(['b']);
    expect(onClose).toHaveBeenCalledTimes(1);
    reg.close('a');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes the most recently opened dialog without a name', () => {
    const closeA = vi.fn();
    const closeB = vi.fn();
    reg.register('a', { onClose: closeA });
    reg.register('b', { onClose: closeB });
    reg.open('a');
    reg.open('b');
    reg.close();
    expect(reg.store.getState().stack).toEqual(['a']);
    expect(closeB).toHaveBeenCalledTimes(1);
    expect(closeA).not.toHaveBeenCalled();
    reg.close();
    reg.close();
    expect(reg.store.getState().stack).toEqual([]);
    expect(closeA).toHaveBeenCalledTimes(1);
  });

  it('delays a close by the given milliseconds', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    reg.register('a', { onClose });
    reg.open('a');
    reg.close('a', 300);
    vi.advanceTimersByTime(299);
    expect(reg.isOpen('a')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(reg.isOpen('a')).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('unregisters: removed from the registry and the stack', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    reg.register('a');
    reg.open('a');
    reg.unregister('a');
    expect(reg.isRegistered('a')).toBe(false);
    expect(reg.isOpen('a')).toBe(false);
    expect(reg.open('a')).toBe(false);
    expect(error).toHaveBeenCalled();
  });

  it('knows when a stepper dialog is open', () => {
    reg.register('wizard', { stepper: true });
    reg.register('plain');
    reg.open('plain');
    expect(reg.hasOpenStepper()).toBe(false);
    reg.open('wizard');
    expect(reg.hasOpenStepper()).toBe(true);
  });
});

describe('dialog payloads', () => {
  it('hands the payload to onOpen before the dialog shows, and keeps it while it closes', () => {
    const reg = createDialogRegistry();
    const seen: unknown[] = [];
    reg.register('edit', { onOpen: (payload) => seen.push(payload) });
    reg.open('edit', { id: 'r1' });
    expect(seen).toEqual([{ id: 'r1' }]);
    expect(reg.payloadOf('edit')).toEqual({ id: 'r1' });
    reg.close('edit');
    expect(reg.payloadOf('edit')).toEqual({ id: 'r1' });
    reg.open('edit', null);
    expect(seen).toEqual([{ id: 'r1' }, null]);
  });

  it('opens a named dialog with a payload of its type', () => {
    const edit = dialogName<{ id: string } | null>('payload-test');
    const onOpen = vi.fn();
    dialogs.register(edit.name, { onOpen });
    expect(openDialog(edit, { id: 'r2' })).toBe(true);
    expect(onOpen).toHaveBeenCalledWith({ id: 'r2' });
    dialogs.unregister(edit.name);
    const plain = dialogName('payload-test-plain');
    dialogs.register(plain.name);
    expect(openDialog(plain)).toBe(true);
    dialogs.unregister(plain.name);
  });

  it('opens a dialog asked for while its chunk loads once it registers, with its payload, and once', () => {
    const confirm = dialogName<{ id: string }>('late-confirm');
    const onOpen = vi.fn();
    openDialogWhenRegistered(confirm, { id: 'r3' });
    expect(dialogs.isOpen(confirm.name)).toBe(false);
    dialogs.register(confirm.name, { onOpen });
    expect(dialogs.isOpen(confirm.name)).toBe(true);
    expect(onOpen).toHaveBeenCalledExactlyOnceWith({ id: 'r3' });
    dialogs.close(confirm.name);
    dialogs.register(confirm.name, { onOpen });
    expect(dialogs.isOpen(confirm.name)).toBe(false);
    dialogs.unregister(confirm.name);
  });
});
