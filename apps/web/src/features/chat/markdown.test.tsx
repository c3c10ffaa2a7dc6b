import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

afterEach(cleanup);

const html = (text: string) => render(<Markdown text={text} />).container;

describe('<Markdown>', () => {
  it('renders formatting as elements', () => {
    const root = html('**bold** *it* `code` [site](https://x.org)');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('em')?.textContent).toBe('it');
    expect(root.querySelector('code')?.textContent).toBe('code');
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://x.org/');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('renders a <script> payload as plain text', () => {
    const payload = '<script>window.hacked = true</script><img src=x onerror="alert(1)">';
    const root = html(payload);
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toBe(payload);
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('renders HTML inside formatting and code blocks as text', () => {
    const root = html('**<b>x</b>**\n```\n<iframe src="https://x.org"></iframe>\n```');
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('iframe')).toBeNull();
    expect(root.querySelector('strong')?.textContent).toBe('<b>x</b>');
    expect(root.querySelector('pre')?.textContent).toBe('<iframe src="https://x.org"></iframe>');
    // A code block may scroll sideways: keyboard users can focus it to scroll.
    expect(root.querySelector('pre')?.tabIndex).toBe(0);
  });

  it('never makes a javascript: or data: link', () => {
    const root = html(
      '[a](javascript:alert(1)) [b](data:text/html,x) javascript:alert(1) [c](JAVASCRIPT:x)',
    );
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain('[a](javascript:alert(1))');
  });

  it('renders lists as <ul> and <ol> with their items, and paragraphs apart', () => {
    const root = html('Plan:\n- one **1**\n- two\n\n3. three\n4. four\n\nend');
    const items = (list: Element | null) =>
      [...(list?.querySelectorAll('li') ?? [])].map((li) => li.textContent);
    expect(items(root.querySelector('ul'))).toEqual(['one 1', 'two']);
    expect(root.querySelector('ul strong')?.textContent).toBe('1');
    const ordered = root.querySelector('ol');
    expect(items(ordered)).toEqual(['three', 'four']);
    expect(ordered?.getAttribute('start')).toBe('3');
    expect([...root.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Plan:', 'end']);
  });

  it('renders the hostile inputs as their text, with no element from them', () => {
    const stars = '*a '.repeat(3000);
    expect(html(stars).textContent).toBe(stars);
    expect(html('['.repeat(10_000)).textContent).toBe('['.repeat(10_000));
  });

  it('links bare https URLs', () => {
    const root = html('go to https://example.org/path now');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://example.org/path');
    expect(root.querySelector('a')?.textContent).toBe('https://example.org/path');
  });
});
