import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import { FullPageLoading, firstScreenSpinnerDelay } from './FullPageLoading';

/** index.html's #root as the server sends it (`{name}` filled), without formatting whitespace. */
function htmlShell(appName: string): HTMLElement {
  const doc = new DOMParser().parseFromString(indexHtml.replaceAll('{name}', appName), 'text/html');
  const root = doc.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT);
  const formatting: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.COMMENT_NODE || !node.textContent?.trim()) formatting.push(node);
  }
  for (const node of formatting) node.parentNode?.removeChild(node);
  return root;
}

afterEach(() => {
  cleanup();
  document.head.querySelectorAll('meta').forEach((meta) => meta.remove());
});

describe('the first screen in index.html', () => {
  it('is FullPageLoading, so React’s first render replaces it with the same screen', () => {
    const meta = document.createElement('meta');
    meta.name = 'application-name';
    meta.content = 'Physics Lab';
    document.head.append(meta);
    const { container } = render(<FullPageLoading />);
    const shell = htmlShell('Physics Lab');
    expect(shell.innerHTML).toBe(container.innerHTML);
    expect(shell.querySelector('.sm-logo-name')?.textContent).toBe('Physics Lab');
  });
});

describe('the first screen’s spinner', () => {
  afterEach(() => {
    document.getElementById('root')?.remove();
    vi.restoreAllMocks();
  });

  it('keeps the HTML one’s time when it replaces it, and its own 0.8 s otherwise', () => {
    expect(firstScreenSpinnerDelay()).toBeUndefined();
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = '<div class="sm-loading" aria-busy="true"></div>';
    document.body.append(root);
    vi.spyOn(performance, 'now').mockReturnValue(500);
    expect(firstScreenSpinnerDelay()).toEqual({ '--sm-spinner-delay': '300ms' });
    vi.spyOn(performance, 'now').mockReturnValue(2_500);
    expect(firstScreenSpinnerDelay()).toEqual({ '--sm-spinner-delay': '0ms' });
    const { container } = render(<FullPageLoading />);
    expect(
      container
        .querySelector<HTMLElement>('.sm-loading')
        ?.style.getPropertyValue('--sm-spinner-delay'),
    ).toBe('0ms');
  });
});
