// Docs: docs/institutions.md#single-sign-on-oidc — SSO_PROVIDERS, the configured identity providers.
import { z } from 'zod';
import { ssoDomainSchema, ssoProviderIdSchema } from '@seminar/shared';

const label = z.string().trim().min(1, 'label must not be empty').max(60, 'label is at most 60');
const domains = z.array(ssoDomainSchema).min(1, 'needs at least one e-mail domain');
const httpsUrl = z.url().regex(/^https?:\/\//, 'must be an http(s) URL');

/** An OpenID Connect provider: discovery at `<issuer>/.well-known/openid-configuration`. */
const oidcProviderSchema = z.object({
  type: z.literal('oidc'),
  id: ssoProviderIdSchema,
  label,
  domains,
  issuer: httpsUrl,
  clientId: z.string().min(1, 'clientId must not be empty'),
  clientSecret: z.string().min(1, 'clientSecret must not be empty'),
});

/** A SAML 2.0 identity provider: its entity id, its sign-in URL (redirect binding), its certificate. */
const samlProviderSchema = z.object({
  type: z.literal('saml'),
  id: ssoProviderIdSchema,
  label,
  domains,
  entityId: z.string().min(1, 'entityId must not be empty'),
  ssoUrl: httpsUrl,
  /** The IdP's signing certificate, PEM or bare base64. */
  certificate: z
    .string()
    .transform((text) => text.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''))
    .pipe(
      z.string().regex(/^[A-Za-z0-9+/]+=*$/, 'certificate must be a PEM or base64 certificate'),
    ),
});

export type OidcProviderConfig = z.infer<typeof oidcProviderSchema>;
export type SamlProviderConfig = z.infer<typeof samlProviderSchema>;
export type SsoProviderConfig = OidcProviderConfig | SamlProviderConfig;

/** SSO_PROVIDERS: a JSON array of providers, ids unique. */
export const ssoProvidersSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of providers' });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.discriminatedUnion('type', [oidcProviderSchema, samlProviderSchema])))
  .refine(
    (providers) => new Set(providers.map((p) => p.id)).size === providers.length,
    'provider ids must be unique',
  );
