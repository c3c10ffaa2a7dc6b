// Docs: docs/institutions.md#lti-13 — the LTI 1.3 claim names Seminar reads and writes.
export const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
export const CLAIM = {
  messageType: `${LTI}/message_type`,
  version: `${LTI}/version`,
  deploymentId: `${LTI}/deployment_id`,
  roles: `${LTI}/roles`,
  context: `${LTI}/context`,
  resourceLink: `${LTI}/resource_link`,
  targetLinkUri: `${LTI}/target_link_uri`,
  custom: `${LTI}/custom`,
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingContentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
} as const;

export const SCOPE = {
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

/** The tool's paths (below PUBLIC_URL): what an LMS administrator pastes (docs/institutions.md). */
export const LTI_PATHS = {
  login: '/lti/login',
  launch: '/lti/launch',
  jwks: '/lti/jwks',
  deepLink: '/lti/deep-link',
} as const;
