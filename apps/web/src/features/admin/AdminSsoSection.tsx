// Docs: docs/institutions.md#the-admin-page — the admin page's single sign-on section: the providers
// from the server's configuration (read-only, with a "test sign-in" link and the values to give the
// provider) and, per e-mail domain they serve, whether its addresses must sign in through them.
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { SsoProviderView } from '@seminar/shared';
import { useSetDomainRequired, useSsoAdmin } from '../../data/sso';
import { describeError } from '../../live/errors';
import { LoadError } from '../common/EmptyState';

function ProviderCard({
  provider,
  required,
  onRequire,
  busy,
}: {
  provider: SsoProviderView;
  required: ReadonlySet<string>;
  onRequire: (domain: string, value: boolean) => void;
  busy: boolean;
}) {
  const headingId = `sso-provider-${provider.id}`;
  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {provider.label} ({provider.type === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'})
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {provider.type === 'oidc' ? 'Issuer' : 'Identity provider'}: {provider.issuer}
        <br />
        {provider.type === 'oidc' ? 'Redirect URI' : 'Assertion consumer service'}:{' '}
        {provider.callbackUrl}
        {provider.metadataUrl && (
          <>
            <br />
            Metadata: <Link href={provider.metadataUrl}>{provider.metadataUrl}</Link>
          </>
        )}
      </Typography>
      <Link href={provider.testUrl} sx={{ display: 'inline-block', my: 1 }}>
        Test sign-in with {provider.label}
      </Link>
      <Stack>
        {provider.domains.map((domain) => (
          <FormControlLabel
            key={domain}
            control={
              <Switch
                checked={required.has(domain)}
                disabled={busy}
                onChange={(event) => onRequire(domain, event.target.checked)}
              />
            }
            label={`Addresses at ${domain} must use ${provider.label} (no password sign-in)`}
          />
        ))}
      </Stack>
    </Paper>
  );
}

export function AdminSsoSection() {
  const view = useSsoAdmin();
  const setRequired = useSetDomainRequired();
  const required = new Set(view.data?.requiredDomains ?? []);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="sso-heading" sx={{ p: 2 }}>
      <Typography id="sso-heading" component="h2" variant="h6">
        Single sign-on
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Sign-in providers come from the server&apos;s configuration (SSO_PROVIDERS). Test one before
        you require it: the test shows what the provider says about you and signs nobody in.
      </Typography>
      {view.isError ? (
        <LoadError message={describeError(view.error)} onRetry={() => void view.refetch()} />
      ) : view.isPending ? (
        <Skeleton
          variant="rounded"
          height={120}
          role="progressbar"
          aria-label="Loading the sign-in providers"
        />
      ) : view.data.providers.length === 0 ? (
        <Typography>No sign-in providers are configured on this server.</Typography>
      ) : (
        <Stack spacing={2}>
          {setRequired.isError && (
            <Alert severity="error">{describeError(setRequired.error)}</Alert>
          )}
          {view.data.providers.map((provider) => (
            <ProviderCard
              key={provider.id}
              provider={provider}
              required={required}
              busy={setRequired.isPending}
              onRequire={(domain, value) => setRequired.mutate({ domain, required: value })}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
