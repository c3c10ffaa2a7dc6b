// Which live client factory the signed-in pages' LiveProviders use. Its own module: the app root
// sets it without loading the live layer's providers (the signed-out pages do not need them).
import { createContext } from 'react';
import type { LiveClientFactory } from './client';

/** The live client factory for LiveProviders (undefined: the real socket; tests pass a fake). */
export const LiveClientFactoryContext = createContext<LiveClientFactory | undefined>(undefined);
