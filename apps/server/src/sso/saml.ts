// Docs: docs/institutions.md#single-sign-on-saml — SAML 2.0 with samlify: SP-initiated sign-in
// (redirect binding out, POST binding back), signed assertions required, audience, recipient,
// destination and InResponseTo checked, clock skew bounded, replayed assertions refused.
import * as samlify from 'samlify';
import type { Config } from '../config';
import type { SamlProviderConfig } from './config';

/** Clock difference tolerated between the IdP and this server, each way. */
export const SAML_CLOCK_SKEW_MS = 2 * 60 * 1000;

/**
 * samlify asks for an XML schema validator; the ones it suggests need Java or a native xmllint.
 * samlify already parses with an XXE-safe DOM, checks signatures at absolute XPaths and refuses
 * assertions nested where a wrapping attack would put them; this refuses what Seminar never takes:
 * a DOCTYPE, anything but one Response with exactly one plain (unencrypted) Assertion.
 */
samlify.setSchemaValidator({
  validate: (xml: string) => {
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return Promise.reject(new Error('DOCTYPE not allowed'));
    const assertions = xml.match(/<([A-Za-z_][\w.-]*:)?Assertion[\s>/]/g) ?? [];
    const isResponse = /^\s*(<\?xml[^>]*\?>\s*)?<([A-Za-z_][\w.-]*:)?Response[\s>]/.test(xml);
    if (isResponse && assertions.length !== 1)
      return Promise.reject(new Error('exactly one assertion expected'));
    return Promise.resolve('ok');
  },
});

/** A SAML answer refused, worded for the person on the error page. */
export class SamlError extends Error {
  override name = 'SamlError';
}

export const samlMetadataUrl = (publicUrl: string, providerId: string): string =>
  `${publicUrl}/api/sso/${providerId}/metadata`;
export const samlAcsUrl = (publicUrl: string, providerId: string): string =>
  `${publicUrl}/api/sso/${providerId}/acs`;

function serviceProvider(config: Config, provider: SamlProviderConfig) {
  return samlify.ServiceProvider({
    // The metadata URL is the entity id: stable, and unique per provider.
    entityID: samlMetadataUrl(config.publicUrl, provider.id),
    assertionConsumerService: [
      {
        Binding: samlify.Constants.namespace.binding.post,
        Location: samlAcsUrl(config.publicUrl, provider.id),
      },
    ],
    wantAssertionsSigned: true,
    authnRequestsSigned: false,
    nameIDFormat: [samlify.Constants.namespace.format.emailAddress],
    clockDrifts: [-SAML_CLOCK_SKEW_MS, SAML_CLOCK_SKEW_MS],
  });
}

function identityProvider(provider: SamlProviderConfig) {
  return samlify.IdentityProvider({
    entityID: provider.entityId,
    singleSignOnService: [
      { Binding: samlify.Constants.namespace.binding.redirect, Location: provider.ssoUrl },
    ],
    signingCert: provider.certificate,
    wantAuthnRequestsSigned: false,
  });
}

/** The SP metadata XML an IdP administrator imports. */
export function spMetadata(config: Config, provider: SamlProviderConfig): string {
  return serviceProvider(config, provider).getMetadata();
}

/** The IdP's sign-in URL for a new AuthnRequest, with the state as RelayState, and its ID. */
export function samlLoginRequest(
  config: Config,
  provider: SamlProviderConfig,
): { requestId: string; url: (state: string) => string } {
  const { id, context } = serviceProvider(config, provider).createLoginRequest(
    identityProvider(provider),
    'redirect',
  );
  return {
    requestId: id,
    url: (state) => {
      const url = new URL(context);
      url.searchParams.set('RelayState', state);
      return url.toString();
    },
  };
}

/** What a verified SAML answer says. */
export interface SamlAssertion {
  inResponseTo: string;
  assertionId: string;
  /** When the assertion stops being valid (plus the skew): its id is kept until then. */
  expiresAt: Date;
  subject: string;
  email: string;
  name: string | undefined;
}

const EMAIL_ATTRIBUTES = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3', 'emailaddress'];
const NAME_ATTRIBUTES = ['displayName', 'name', 'urn:oid:2.16.840.1.113730.3.1.241', 'cn'];

function firstText(value: unknown): string | undefined {
  const item: unknown = Array.isArray(value) ? value[0] : value;
  return typeof item === 'string' && item.trim() !== '' ? item.trim() : undefined;
}

function attribute(attributes: Record<string, unknown>, names: readonly string[]) {
  for (const [key, value] of Object.entries(attributes)) {
    const short = key.slice(Math.max(key.lastIndexOf('/'), 0) + (key.includes('/') ? 1 : 0));
    if (
      names.some((name) => name.toLowerCase() === key.toLowerCase() || name === short.toLowerCase())
    )
      return firstText(value);
  }
  return undefined;
}

const refused = (label: string) => new SamlError(`${label}'s answer could not be verified.`);
const unsigned = (label: string) =>
  new SamlError(`${label} sent an assertion without a valid signature.`);

/**
 * Verifies a SAMLResponse (base64, POST binding): the IdP's signature on the assertion itself (a
 * signed envelope around an unsigned assertion is not enough), issuer, time window with bounded
 * skew, audience (our entity id), recipient and destination (our ACS URL).
 */
export async function verifySamlResponse(
  config: Config,
  provider: SamlProviderConfig,
  samlResponse: string,
): Promise<SamlAssertion> {
  const sp = serviceProvider(config, provider);
  const idp = identityProvider(provider);
  let result: { samlContent: string; extract: Record<string, unknown> };
  try {
    result = (await sp.parseLoginResponse(idp, 'post', {
      body: { SAMLResponse: samlResponse },
    })) as typeof result;
  } catch (error) {
    // samlify's own refusals are codes (FAILED_TO_VERIFY_SIGNATURE, ERR_ISSUER, …): the signature
    // one is said as such, the rest as "could not be verified".
    if (error instanceof Error && /SIGNATURE/.test(error.message)) throw unsigned(provider.label);
    throw refused(provider.label);
  }
  const { samlContent } = result;
  const extract = result.extract as {
    response?: { inResponseTo?: string; destination?: string };
    audience?: string | string[];
    conditions?: { notOnOrAfter?: string };
    nameID?: string;
    attributes?: Record<string, unknown>;
  };
  // The assertion alone must carry a valid IdP signature: checked on a copy that has no signature
  // but the assertion's, so a signed Response around it cannot stand in for it.
  const assertionXml = samlify.Extractor.extract(samlContent, [
    { key: 'assertion', localPath: ['Response', 'Assertion'], attributes: [], context: true },
  ]).assertion as unknown;
  if (typeof assertionXml !== 'string') throw refused(provider.label);
  const onlyAssertion = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol">${assertionXml}</samlp:Response>`;
  const assertionSigned = (() => {
    try {
      return (
        samlify.SamlLib.verifySignature(onlyAssertion, { metadata: idp.entityMeta }) as [
          boolean,
          unknown,
        ]
      )[0];
    } catch {
      return false;
    }
  })();
  if (!assertionSigned) throw unsigned(provider.label);

  const details = samlify.Extractor.extract(samlContent, [
    { key: 'assertion', localPath: ['Response', 'Assertion'], attributes: ['ID'] },
    {
      key: 'confirmation',
      localPath: [
        'Response',
        'Assertion',
        'Subject',
        'SubjectConfirmation',
        'SubjectConfirmationData',
      ],
      attributes: ['Recipient', 'NotOnOrAfter', 'InResponseTo'],
    },
  ]) as {
    /** The assertion's ID (samlify gives a lone attribute as its value). */
    assertion?: string;
    confirmation?: { recipient?: string; notOnOrAfter?: string; inResponseTo?: string };
  };
  const acs = samlAcsUrl(config.publicUrl, provider.id);
  const entityId = samlMetadataUrl(config.publicUrl, provider.id);
  const audiences = Array.isArray(extract.audience) ? extract.audience : [extract.audience];
  if (!audiences.includes(entityId))
    throw new SamlError(`${provider.label}'s answer was meant for another service (audience).`);
  if (details.confirmation?.recipient !== acs)
    throw new SamlError(`${provider.label}'s answer was meant for another address (recipient).`);
  if (extract.response?.destination !== undefined && extract.response.destination !== acs)
    throw new SamlError(`${provider.label}'s answer was meant for another address (destination).`);
  const inResponseTo = extract.response?.inResponseTo ?? details.confirmation?.inResponseTo;
  const assertionId = details.assertion;
  const until = extract.conditions?.notOnOrAfter ?? details.confirmation?.notOnOrAfter;
  const untilMs = until === undefined ? Number.NaN : Date.parse(until);
  if (!inResponseTo || !assertionId || !Number.isFinite(untilMs)) throw refused(provider.label);
  if (untilMs + SAML_CLOCK_SKEW_MS <= Date.now())
    throw new SamlError(`${provider.label}'s answer has expired. Sign in again.`);
  const attributes = extract.attributes ?? {};
  const email = attribute(attributes, EMAIL_ATTRIBUTES) ?? firstText(extract.nameID);
  if (!email?.includes('@') || !extract.nameID)
    throw new SamlError(`${provider.label} did not say which e-mail address is yours.`);
  return {
    inResponseTo,
    assertionId,
    expiresAt: new Date(untilMs + SAML_CLOCK_SKEW_MS),
    subject: extract.nameID,
    email,
    name: attribute(attributes, NAME_ATTRIBUTES),
  };
}
