import { MAIL_TEMPLATES, type MailTemplateInfo, settingsValidators } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import { baselineOf, draftErrors, storedTemplate } from './mailTemplateDraft';

const item: MailTemplateInfo = {
  name: 'send_otp',
  subject: '',
  content: '',
  customised: false,
  default: { subject: 'Your code', content: 'Your code is {otp}.' },
  mandatory: [...MAIL_TEMPLATES.send_otp.mandatory],
  optional: [...MAIL_TEMPLATES.send_otp.optional],
};

describe('mail template drafts', () => {
  it('starts from the built-in text until the customer has its own', () => {
    expect(baselineOf(item)).toEqual(item.default);
    expect(baselineOf({ ...item, customised: true, subject: 'Code', content: '{otp}' })).toEqual({
      subject: 'Code',
      content: '{otp}',
    });
  });

  it('stores the built-in text unchanged as "use the built-in"', () => {
    expect(storedTemplate(item, item.default)).toEqual({ subject: '', content: '' });
    expect(storedTemplate(item, { subject: 'Hi', content: '{otp}' })).toEqual({ subject: 'Hi', content: '{otp}' });
  });

  it('says which mandatory tag is missing and which limit is passed', () => {
    const validators = settingsValidators();
    expect(draftErrors(item, { subject: 'Code', content: 'No tag here' }, validators).content?.message).toBe(
      'Mandatory tag is missing: otp.',
    );
    expect(draftErrors(item, { subject: 'x'.repeat(201), content: '{otp}' }, validators).subject?.message).toBe(
      'Must be at most 200 characters.',
    );
    expect(draftErrors(item, { subject: 'Code', content: 'It is {otp}' }, validators)).toEqual({});
  });

  it('names a tag the mail does not have, also one every object has', () => {
    const validators = settingsValidators();
    expect(draftErrors(item, { subject: 'Code {constructor}', content: '{otp} {duration}' }, validators)).toEqual({
      subject: { key: 'unknownTag', message: 'Unknown tag: constructor.', params: { tag: 'constructor' } },
      content: { key: 'unknownTag', message: 'Unknown tag: duration.', params: { tag: 'duration' } },
    });
  });
});
