// Docs: docs/institutions.md#single-sign-on-oidc — "Sign in with ⟨Institution⟩" on the sign-in page,
// one link per configured provider (GET /api/sso/providers). A full-page navigation, not a fetch:
// the sign-in goes through the provider's own pages and comes back with a session cookie. While the
// list loads, or when it cannot be had, the page shows the password form alone.
import { useEffect, useState } from 'react';
import type { SsoProviderButton } from '@seminar/shared';

export function SsoButtons() {
  const [providers, setProviders] = useState<SsoProviderButton[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    fetch('/api/sso/providers', { signal: abort.signal, cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : { providers: [] }))
      .then((body: { providers?: SsoProviderButton[] }) => setProviders(body.providers ?? []))
      // No list (offline, an older server): password sign-in still works.
      .catch(() => undefined);
    return () => abort.abort();
  }, []);
  if (providers.length === 0) return null;
  return (
    <div className="sm-stack" role="group" aria-label="Sign in with your institution">
      {providers.map((provider) => (
        // A link styled as a button (no MUI: the sign-in page loads none, docs/ARCHITECTURE.md).
        <a key={provider.id} className="sm-button sm-button-outlined" href={provider.startUrl}>
          Sign in with {provider.label}
        </a>
      ))}
    </div>
  );
}
