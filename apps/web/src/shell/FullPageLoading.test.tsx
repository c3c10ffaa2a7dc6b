import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { FullPageLoading } from './FullPageLoading';

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
