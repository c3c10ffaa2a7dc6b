// How something that cannot be used right now is "greyed" (a pending class, a disabled member or
// activity): a grey, dashed surface and secondary text — not lowered opacity, which would take the
// text below WCAG contrast.
export const greyedSx = {
  bgcolor: 'action.hover',
  borderStyle: 'dashed',
  color: 'text.secondary',
} as const;
