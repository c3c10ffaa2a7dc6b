// Setup of the web test project. Pages are lazy route chunks: the first test to open one waits
// for its modules to load (seconds on a busy machine), so queries wait up to 10 s, not 1 s.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
