import { describe, expect, it } from 'vitest';
import { communityMessages, joinRequest } from '#contract/community.ts';
import { contactMessages } from '#contract/contact.ts';
import { emailMessages } from '#contract/email.ts';
import { validateWith } from './form-errors.ts';

const validate = validateWith(joinRequest);
const filled = {
  name: 'Inés',
  email: 'ines@example.org',
  audience: 'pilgrim',
  message: '',
  website: '',
};

describe('form validation from the contract', () => {
  it('passes a complete form', () => {
    expect(validate(filled)).toEqual({});
  });

  it('gives one message per field, the first the contract names', () => {
    expect(validate({ ...filled, name: '  ', email: '', audience: '' })).toEqual({
      name: contactMessages.nameRequired,
      email: emailMessages.required,
      audience: communityMessages.audienceRequired,
    });
  });
});
