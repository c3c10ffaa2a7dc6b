// Docs: docs/ARCHITECTURE.md#first-load — ICU's data (the time zone, the locale's date patterns)
// loads on a page's first Intl.DateTimeFormat: ~80 ms on this project's 2-core test machine, four
// times that on a slow phone. The signed-in pages need it right after their first content
// (analytics' time zone, every message's time); loaded then, it was the longest task after the first
// paint. Loaded in a task of its own as the app starts, it runs while the page's chunks download.

/** Loads ICU's time zone and date data in a task of its own, soon (`schedule`: setTimeout by default). */
export function warmUpIntl(
  schedule: (run: () => void) => void = (run) => {
    setTimeout(run, 0);
  },
): void {
  schedule(() => {
    try {
      // What analytics reads, and the pattern of a message's time.
      Intl.DateTimeFormat().resolvedOptions();
      new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(0);
    } catch {
      // No Intl: nothing to load (the callers cope on their own).
    }
  });
}
