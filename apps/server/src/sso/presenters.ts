// Docs: docs/institutions.md#the-admin-page — a provider as a site admin sees it (never its secret).
import { ssoStartPath, type SsoProviderView } from '@seminar/shared';
import type { SsoProviderConfig } from './config';
import { oidcRedirectUri } from './oidc';
import { samlAcsUrl, samlMetadataUrl } from './saml';

export function presentProvider(publicUrl: string, provider: SsoProviderConfig): SsoProviderView {
  return {
    id: provider.id,
    type: provider.type,
    label: provider.label,
    domains: [...provider.domains],
    issuer: provider.type === 'oidc' ? provider.issuer : provider.entityId,
    testUrl: ssoStartPath(provider.id, true),
    metadataUrl: provider.type === 'saml' ? samlMetadataUrl(publicUrl, provider.id) : null,
    callbackUrl:
      provider.type === 'oidc'
        ? oidcRedirectUri(publicUrl, provider.id)
        : samlAcsUrl(publicUrl, provider.id),
  };
}
