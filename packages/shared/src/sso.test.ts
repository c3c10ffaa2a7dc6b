import { describe, expect, it } from 'vitest';
import { emailDomain, ssoDomainSchema, ssoProviderIdSchema, ssoRequiredFor } from './sso';

describe('emailDomain', () => {
  it.each([
    ['ann@Uni.Example.EDU', 'uni.example.edu'],
    ['  bob@x.io ', 'x.io'],
    ['odd"@"name@uni.edu', 'uni.edu'],
    ['no-at-sign', ''],
    ['', ''],
  ])('%s → %s', (email, domain) => expect(emailDomain(email)).toBe(domain));
});

describe('ssoRequiredFor', () => {
  const providers = [
    { domains: ['uni.edu'] },
    { domains: ['college.ac.uk', 'staff.college.ac.uk'] },
  ];
  it.each([
    ['ann@uni.edu', ['uni.edu'], true],
    ['ANN@UNI.EDU', ['uni.edu'], true],
    ['ann@uni.edu', [], false],
    // A subdomain is another domain: it is required only when listed itself.
    ['ann@cs.uni.edu', ['uni.edu'], false],
    ['ann@staff.college.ac.uk', ['staff.college.ac.uk'], true],
    // Required, but no configured provider serves it: passwords stay (the way back in).
    ['ann@gone.edu', ['gone.edu'], false],
    ['ann@evil-uni.edu', ['uni.edu'], false],
    ['not an address', ['uni.edu'], false],
  ] as const)('%s with %j required → %s', (email, required, expected) =>
    expect(ssoRequiredFor(email, new Set(required), providers)).toBe(expected),
  );
});

describe('ssoDomainSchema', () => {
  it.each([
    ['uni.edu', 'uni.edu'],
    [' Uni.Example.EDU ', 'uni.example.edu'],
  ])('accepts %j', (input, output) => expect(ssoDomainSchema.parse(input)).toBe(output));
  it.each(['', 'uni', '@uni.edu', 'uni..edu', '-uni.edu', 'uni.edu/x', 'a b.edu'])(
    'refuses %j',
    (input) => expect(ssoDomainSchema.safeParse(input).success).toBe(false),
  );
});

describe('ssoProviderIdSchema', () => {
  it.each(['uni', 'uni-2', '0'])('accepts %j', (id) =>
    expect(ssoProviderIdSchema.safeParse(id).success).toBe(true),
  );
  it.each(['', 'Uni', 'uni/x', '-uni', 'a'.repeat(41), '../x'])('refuses %j', (id) =>
    expect(ssoProviderIdSchema.safeParse(id).success).toBe(false),
  );
});
