// Shown when a route throws while rendering or loading. Plain (no MUI): it can show on any page,
// the signed-out ones included.
import { PlainButton } from '../shell/ui';

/** `error`: what the page threw (RouteErrorBoundary). */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main role="alert" className="sm-frame-main" style={{ padding: 24, textAlign: 'center' }}>
      <div className="sm-stack" style={{ alignItems: 'center', maxWidth: 480 }}>
        <h1 className="sm-h1">Something went wrong</h1>
        {detail && (
          <p className="sm-text-secondary" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </p>
        )}
        <PlainButton
          variant="contained"
          style={{ width: 'auto' }}
          onClick={() => window.location.reload()}
        >
          Reload
        </PlainButton>
      </div>
    </main>
  );
}
