import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isEmailAddress } from './auth.js';

// docs/auth.md "E-mail addresses": what a mail server would deliver, nothing else.

describe('isEmailAddress', () => {
  it.each([
    'ayse@example.com',
    'Ayse.Yilmaz@Example.COM.tr',
    'first.last+series@mail.example.test',
    "o'brien@example.ie",
    'x@a.io',
    'a!#$%&*/=?^_`{|}~-b@example.org',
    'user@xn--bcher-kva.example',
    'user@sub-domain.example-1.com',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    'val@example.test/../../etc/passwd',
    'plain',
    '@example.com',
    'user@',
    'user@localhost',
    'user@example',
    'user@example.123',
    'user@@example.com',
    'user@exa mple.com',
    ' user@example.com',
    'user@example.com ',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    '"quoted"@example.com',
    'user(comment)@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@example..com',
    'user@.example.com',
    'user@example.com.',
    'user@exam_ple.com',
    'user@[127.0.0.1]',
    'user@example.com\u0000',
    'us\ner@example.com',
    'ayşe@example.com',
    'user@bücher.example',
    `${'a'.repeat(65)}@example.com`,
    `user@${'a'.repeat(64)}.com`,
    `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`,
  ])('refuses %j', (address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it('caps the whole address at 254 characters', () => {
    const label = 'a'.repeat(60);
    const domain = `${label}.${label}.${label}.${'b'.repeat(57)}.com`; // 244 characters
    expect(isEmailAddress(`${'c'.repeat(9)}@${domain}`)).toBe(true); // 254
    expect(`${'c'.repeat(9)}@${domain}`).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isEmailAddress(`${'c'.repeat(10)}@${domain}`)).toBe(false); // 255
  });
});
