// Where focus goes when its control goes away (shell/focus.ts), in jsdom.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPOSER_ATTRIBUTE, composerNear, focusElement, focusLost, keepFocusNear } from './focus';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusLost', () => {
  it.each([
    ['nothing focused', () => null, true],
    [
      'the main landmark (the skip link target)',
      () => '<main id="main-content" tabindex="-1">',
      true,
    ],
    ['a button', () => '<button>Go</button>', false],
  ])('%s', (_name, markup, lost) => {
    const html = markup();
    if (html) {
      document.body.innerHTML = html;
      (document.body.firstElementChild as HTMLElement).focus();
    }
    expect(focusLost()).toBe(lost);
  });

  it('is true once the focused element is removed', () => {
    document.body.innerHTML = '<button>Go</button>';
    const button = document.querySelector('button')!;
    button.focus();
    button.remove();
    expect(focusLost()).toBe(true);
  });
});

describe('focusElement', () => {
  it('makes a heading focusable by script and focuses it', () => {
    document.body.innerHTML = '<h1>My classes</h1>';
    const heading = document.querySelector('h1')!;
    expect(focusElement(heading)).toBe(true);
    expect(heading.tabIndex).toBe(-1);
    expect(document.activeElement).toBe(heading);
  });

  it('leaves a control its own tab order', () => {
    document.body.innerHTML = '<button>Go</button>';
    const button = document.querySelector('button')!;
    expect(focusElement(button)).toBe(true);
    expect(button.hasAttribute('tabindex')).toBe(false);
  });

  it('says so when there is nothing to focus', () => {
    expect(focusElement(null)).toBe(false);
  });
});

describe('composerNear', () => {
  it('finds the composer of the channel a message is in, else the page’s', () => {
    document.body.innerHTML = `
      <section id="a"><div><p id="msg">hi</p></div><textarea id="first" ${COMPOSER_ATTRIBUTE}></textarea></section>
      <section id="b"><textarea id="second" ${COMPOSER_ATTRIBUTE}></textarea></section>`;
    expect(composerNear(document.getElementById('msg'))?.id).toBe('first');
    expect(composerNear(null)?.id).toBe('first');
    const detached = document.createElement('p');
    expect(composerNear(detached)?.id).toBe('first');
  });
});

describe('keepFocusNear', () => {
  it('holds only the latest action: an earlier one does not take focus back', async () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML = '<button>Add reaction</button><button>Message actions</button>';
      const [reaction, actions] = [...document.querySelectorAll('button')];
      // A reaction is added, then (within the watch) an edit is saved and its editor closes.
      keepFocusNear(() => reaction ?? null);
      vi.advanceTimersByTime(100);
      keepFocusNear(() => actions ?? null);
      (document.activeElement as HTMLElement | null)?.blur();
      vi.advanceTimersByTime(200);
      expect(document.activeElement).toBe(actions);
      // Focus lost again (the row drawn anew): still the latest action's control.
      actions?.blur();
      vi.advanceTimersByTime(200);
      expect(document.activeElement).toBe(actions);
    } finally {
      vi.useRealTimers();
    }
  });
});
