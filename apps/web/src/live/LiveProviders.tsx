// Where the live layer's providers sit: the shared error state and the live client wrap the
// signed-in pages (features/classes/ClassesLayout.tsx), not the whole app, so the signed-out pages
// load none of their code. The app root only says which client factory to use (liveClientFactory.ts).
import { useContext, type ReactNode } from 'react';
import { ErrorStateProvider } from './errors';
import { LiveClientFactoryContext } from './liveClientFactory';
import { LiveProvider } from './LiveProvider';

/** The shared error state and the live client, for the signed-in pages. */
export function LiveProviders({ children }: { children: ReactNode }) {
  const createClient = useContext(LiveClientFactoryContext);
  return (
    <ErrorStateProvider>
      <LiveProvider createClient={createClient}>{children}</LiveProvider>
    </ErrorStateProvider>
  );
}
