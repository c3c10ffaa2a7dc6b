// Work that must not run in the current task (a commit, the first render) nor before the browser
// has painted its result: the task after the next frame. Without requestAnimationFrame (tests'
// environments, some embedded views), it runs at once.

/** Runs `run` in the task after the next frame; returns a function that cancels it. */
export function afterNextPaint(run: () => void, win: Window = window): () => void {
  if (typeof win.requestAnimationFrame !== 'function') {
    run();
    return () => undefined;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = win.requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    win.cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
