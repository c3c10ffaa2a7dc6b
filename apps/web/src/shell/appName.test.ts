import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_NAME } from '@seminar/shared';
import { readAppName } from './appName';

function setMeta(content: string | null) {
  document.head.querySelector('meta[name="application-name"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'application-name';
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => setMeta(null));

describe('readAppName', () => {
  it('reads the name the server wrote', () => {
    setMeta('Campus Chat');
    expect(readAppName()).toBe('Campus Chat');
  });

  it.each([['{name}'], [''], [null]])('falls back to the default for %j', (content) => {
    setMeta(content);
    expect(readAppName()).toBe(DEFAULT_APP_NAME);
  });
});
