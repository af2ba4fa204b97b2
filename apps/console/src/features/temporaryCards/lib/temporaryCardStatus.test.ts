import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { en } from '../../../locales/en';
import { it as italian } from '../../../locales/it';
import { englishMessage as message, resolveForm } from '../../../test/contractForm';
import {
  type CreateTemporaryCardsValues,
  createTemporaryCardsForm,
  expirationOf,
  pairTemporaryCardForm,
} from './temporaryCardForms';
import {
  STATUS_COLORS,
  statusLabelKey,
  temporaryCardFilterDefinitions,
  temporaryCardStatusesOf,
  temporaryCardStatusParam,
} from './temporaryCardStatus';

const created = (v: CreateTemporaryCardsValues) => resolveForm(createTemporaryCardsForm, v);

describe('temporary card status', () => {
  it('labels every status in English and Italian', () => {
    expect(statusLabelKey('not_paired')).toBe('temporaryCards.status.not_paired');
    expect(en.temporaryCards.status).toEqual({ paired: 'Paired', not_paired: 'Not paired', expired: 'Expired' });
    expect(italian.temporaryCards.status).toEqual({
      paired: 'Associata',
      not_paired: 'Non associata',
      expired: 'Scaduta',
    });
    expect(STATUS_COLORS.paired).toBe('success');
  });

  it('registers a status group of three check boxes in the drawer', () => {
    const [group] = temporaryCardFilterDefinitions;
    expect(group?.type).toBe('group');
    expect(group?.type === 'group' && group.children.map((c) => [c.key, c.label])).toEqual([
      ['status_paired', 'temporaryCards.status.paired'],
      ['status_not_paired', 'temporaryCards.status.not_paired'],
      ['status_expired', 'temporaryCards.status.expired'],
    ]);
  });

  it('maps the applied filters to the status parameter', () => {
    expect(temporaryCardStatusParam({})).toBeUndefined();
    expect(temporaryCardStatusParam({ status_paired: true })).toEqual(['paired']);
    expect(temporaryCardStatusParam({ status_not_paired: true })).toEqual(['not_paired']);
    expect(temporaryCardStatusParam({ status_expired: true, search: 'x' })).toEqual(['expired']);
    // Several ticked boxes go as a list (sent comma-separated): cards in any of them.
    expect(temporaryCardStatusParam({ status_paired: true, status_expired: true })).toEqual(['paired', 'expired']);
    expect(temporaryCardStatusesOf({ status_paired: true, status_expired: true })).toEqual(['paired', 'expired']);
  });
});

describe('create cards form', () => {
  it('sends a number of generated cards within 1..500', async () => {
    expect(await created({ mode: 'count', count: '12', cardCode: '' })).toEqual({ errors: {}, input: { count: 12 } });
    const range = message('range', { min: 1, max: 500 });
    expect((await created({ mode: 'count', count: '0', cardCode: '' })).errors.count).toBe(range);
    expect(await created({ mode: 'count', count: '501', cardCode: '' })).toEqual({
      errors: { count: range },
      input: undefined,
    });
    expect((await created({ mode: 'count', count: '2.5', cardCode: '' })).errors.count).toBe(range);
    expect((await created({ mode: 'count', count: '', cardCode: '' })).errors.count).toBe('This field is required.');
  });

  it('sends one card with a specific numeric code', async () => {
    expect(await created({ mode: 'code', count: '10', cardCode: ' 12345678 ' })).toEqual({
      errors: {},
      input: { count: 1, cardCode: '12345678' },
    });
    expect((await created({ mode: 'code', count: '10', cardCode: '12ab' })).errors.cardCode).toBe(
      'Only numbers are allowed.',
    );
    expect((await created({ mode: 'code', count: '10', cardCode: '' })).errors.cardCode).toBe(
      'This field is required.',
    );
  });

  it('pairs a card chosen until a day not yet past', async () => {
    const card = { id: 'c1', cardCode: '123' };
    expect((await resolveForm(pairTemporaryCardForm, { card_id: null, expiration_date: null })).errors).toEqual({
      card_id: message('required'),
      expiration_date: message('required'),
    });
    const yesterday = dayjs().subtract(1, 'day');
    expect((await resolveForm(pairTemporaryCardForm, { card_id: card, expiration_date: yesterday })).errors).toEqual({
      expiration_date: message('futureDate'),
    });
    const today = dayjs();
    expect((await resolveForm(pairTemporaryCardForm, { card_id: card, expiration_date: today })).input).toEqual({
      card_id: 'c1',
      expiration_date: expirationOf(today),
    });
  });

  it('expires a pairing at the end of the chosen day', () => {
    const calls: string[] = [];
    const day = {
      endOf: (u: 'day') => {
        calls.push(u);
        return { toISOString: () => '2030-01-01T22:59:59.999Z' };
      },
    };
    expect(expirationOf(day)).toBe('2030-01-01T22:59:59.999Z');
    expect(calls).toEqual(['day']);
  });
});
