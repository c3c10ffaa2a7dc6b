import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fillTemplate, pageDescription, pageTitle, usePageTitle } from './usePageTitle';

function Page({ title, description }: { title?: string; description?: string }) {
  usePageTitle(title, description);
  return null;
}

afterEach(() => {
  cleanup();
  document.head.querySelectorAll('meta').forEach((meta) => meta.remove());
});

describe('page title and description (SPEC §2)', () => {
  it('fills the {name} templates with the app name', () => {
    expect(fillTemplate('{name} and {name}', 'Physics Lab')).toBe('Physics Lab and Physics Lab');
    expect(pageTitle('Physics Lab')).toBe('Physics Lab');
    expect(pageTitle('Physics Lab', 'Catalogue')).toBe('Catalogue · Physics Lab');
    expect(pageDescription('Physics Lab')).toBe(
      'Physics Lab — classes, activities and live chat channels for instructors and students.',
    );
    expect(pageDescription('Physics Lab', 'AI products for {name}')).toBe(
      'AI products for Physics Lab',
    );
  });

  it('sets the document title and the meta description while mounted', () => {
    const meta = document.createElement('meta');
    meta.name = 'application-name';
    meta.content = 'Physics Lab';
    document.head.append(meta);
    const { rerender } = render(<Page title="Catalogue" description="Products of {name}" />);
    expect(document.title).toBe('Catalogue · Physics Lab');
    const description = () =>
      document.querySelector('meta[name="description"]')?.getAttribute('content');
    expect(description()).toBe('Products of Physics Lab');
    rerender(<Page title="My classes" />);
    expect(document.title).toBe('My classes · Physics Lab');
    expect(description()).toContain('Physics Lab — classes, activities');
  });
});
