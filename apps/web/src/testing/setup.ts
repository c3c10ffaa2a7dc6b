// Setup of the web test project. Pages are lazy route chunks: the first test to open one waits
// for its modules to load (seconds on a busy machine), so queries wait up to 10 s, not 1 s.
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { LAST_SESSION_STORAGE_KEY } from '../auth/lastSession';

configure({ asyncUtilTimeout: 10_000 });

// A signed-in test leaves its session as the last one (auth/lastSession.ts); the next test's app,
// its first request failing, would open as that user instead of on Sign in.
afterEach(() => localStorage.removeItem(LAST_SESSION_STORAGE_KEY));
