import { describe, expect, it } from 'vitest';
import { validateAuthForm, validateNewPassword } from './validation.ts';

const empty = { username: '', email: '', password: '', nationality: null };

describe('sign-in and registration rules', () => {
  it('asks for email and password when signing in, but not for a username or a long password', () => {
    expect(validateAuthForm('login', empty)).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateAuthForm('login', { ...empty, email: 'a@example.com', password: 'x' })).toEqual({});
  });

  it('asks for a username and at least 8 characters when registering', () => {
    expect(validateAuthForm('register', { ...empty, username: '  ' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(
      validateAuthForm('register', {
        ...empty,
        username: 'ana',
        email: 'a@example.com',
        password: 'seven77',
      }),
    ).toEqual({ password: 'Password must be at least 8 characters long' });
  });

  it('checks the email format', () => {
    expect(validateAuthForm('login', { ...empty, email: 'ana@', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(validateAuthForm('login', { ...empty, email: ' Ana@Example.com ', password: 'x' })).toEqual({});
  });
});

describe('new password rules', () => {
  it.each([
    ['', '', { password: 'New password is required' }],
    ['short', 'short', { password: 'Password must be at least 8 characters long' }],
    ['long-enough', 'different', { confirmation: 'Passwords do not match' }],
    ['long-enough', 'long-enough', {}],
  ])('%j and %j give %j', (password, confirmation, errors) => {
    expect(validateNewPassword(password, confirmation)).toEqual(errors);
  });
});
