import { describe, expect, it } from 'vitest';
import { returnPath } from './paths';

describe('returnPath', () => {
  it('returns an in-app path', () => {
    expect(returnPath({ from: '/classes/1?tab=chat#m5' })).toBe('/classes/1?tab=chat#m5');
  });

  it.each([
    [undefined],
    [null],
    [{}],
    [{ from: 42 }],
    [{ from: 'https://evil.example/' }],
    [{ from: '//evil.example/' }],
    [{ from: '/sign-in' }],
    [{ from: '/sign-up?x=1' }],
    [{ from: '/forgot-password' }],
  ])('falls back to home for %j', (state) => {
    expect(returnPath(state)).toBe('/');
  });
});
