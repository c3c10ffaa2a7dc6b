import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './intlWarmUp';

afterEach(() => vi.restoreAllMocks());

describe('warmUpIntl', () => {
  it('builds the formats in a task of its own, not in the caller’s', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const tasks: (() => void)[] = [];
    warmUpIntl((run) => tasks.push(run));
    expect(built).not.toHaveBeenCalled();
    expect(tasks).toHaveLength(1);
    tasks[0]?.();
    expect(built).toHaveBeenCalledTimes(2);
    expect(built).toHaveBeenLastCalledWith(undefined, { hour: 'numeric', minute: '2-digit' });
  });

  it('does nothing when Intl cannot build a format', () => {
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no ICU');
    });
    expect(() => warmUpIntl((run) => run())).not.toThrow();
  });
});
