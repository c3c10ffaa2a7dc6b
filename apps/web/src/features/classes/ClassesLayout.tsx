// The signed-in layout with the class selection: my classes (one live query) and the selected
// class are shared by the app bar's "Class" selector and every page below it. The MUI theme starts
// here: the signed-in pages are the first to load MUI (the signed-out ones are plain); so do the
// shared error state and the live client (live/LiveProviders.tsx), and sending analytics events
// (only signed-in visitors' events are sent).
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { startAnalyticsOnce } from '../../analytics/start';
import { LiveProviders } from '../../live/LiveProviders';
import { SignedInLayout } from '../../routes/SignedInLayout';
import { AppThemeProvider } from '../../theme/AppThemeProvider';
import { ClassSelectionProvider } from './selection';
import { ClassSelector } from './ClassSelector';

export function ClassesLayout() {
  const queryClient = useQueryClient();
  useEffect(() => startAnalyticsOnce(queryClient), [queryClient]);
  return (
    <AppThemeProvider baseline>
      <LiveProviders>
        <ClassSelectionProvider>
          <SignedInLayout actions={<ClassSelector />} />
        </ClassSelectionProvider>
      </LiveProviders>
    </AppThemeProvider>
  );
}
