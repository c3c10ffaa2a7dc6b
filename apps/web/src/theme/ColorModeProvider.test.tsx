import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLOR_MODE_STORAGE_KEY } from '@seminar/shared';
import { ColorModeControl } from './ColorModeControl';
import { ColorModeProvider, useColorMode } from './ColorModeProvider';

/** A controllable stand-in for window.matchMedia('(prefers-color-scheme: dark)'). */
function stubMatchMedia(initiallyDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    onchange: null,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: () => true,
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    setDark(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
    },
    listenerCount: () => listeners.size,
  };
}

function Probe() {
  const { mode, resolvedMode } = useColorMode();
  return <output aria-label="mode">{`${mode}/${resolvedMode}`}</output>;
}

function renderColorMode() {
  return render(
    <ColorModeProvider>
      <ColorModeControl />
      <Probe />
    </ColorModeProvider>,
  );
}

const shownMode = () => screen.getByLabelText('mode').textContent;

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.colorMode;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('colour mode', () => {
  it('defaults to system and resolves it from the OS preference', () => {
    stubMatchMedia(false);
    renderColorMode();
    expect(shownMode()).toBe('system/light');
    expect(document.documentElement.dataset.colorMode).toBe('light');
  });

  it('offers Light, Dark and System as radio items with the current one checked', async () => {
    stubMatchMedia(false);
    renderColorMode();
    fireEvent.click(screen.getByRole('button', { name: 'Colour mode' }));
    // The menu's code loads on first use.
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(screen.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('keeps the chosen mode across a remount', async () => {
    stubMatchMedia(false);
    const first = renderColorMode();
    fireEvent.click(screen.getByRole('button', { name: 'Colour mode' }));
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    expect(shownMode()).toBe('dark/dark');
    expect(document.documentElement.dataset.colorMode).toBe('dark');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    first.unmount();

    renderColorMode();
    expect(shownMode()).toBe('dark/dark');
    expect(document.documentElement.dataset.colorMode).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Colour mode' }));
    expect(
      (await screen.findByRole('menuitemradio', { name: 'Dark' })).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('falls back to system when the stored value is not a colour mode', () => {
    stubMatchMedia(true);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'purple');
    renderColorMode();
    expect(shownMode()).toBe('system/dark');
    expect(document.documentElement.dataset.colorMode).toBe('dark');
  });

  it('follows the OS live while on system', () => {
    const media = stubMatchMedia(false);
    renderColorMode();
    expect(document.documentElement.dataset.colorMode).toBe('light');

    act(() => media.setDark(true));
    expect(shownMode()).toBe('system/dark');
    expect(document.documentElement.dataset.colorMode).toBe('dark');

    act(() => media.setDark(false));
    expect(document.documentElement.dataset.colorMode).toBe('light');
  });

  it('ignores the OS while an explicit mode is chosen, and stops listening on unmount', () => {
    const media = stubMatchMedia(false);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'light');
    const view = renderColorMode();
    act(() => media.setDark(true));
    expect(shownMode()).toBe('light/light');
    view.unmount();
    expect(media.listenerCount()).toBe(0);
  });

  it('works without matchMedia (treated as light)', () => {
    renderColorMode();
    expect(shownMode()).toBe('system/light');
  });
});
