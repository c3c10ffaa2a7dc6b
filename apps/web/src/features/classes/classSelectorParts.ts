// What the class selector (ClassSelector.tsx) and its field (ClassSelectField.tsx) share.

/** The field's value while no class of the list is selected. */
export const NONE = '';
/** The selector's box (a small outlined field), kept while it waits. */
export const SELECTOR_SIZE = {
  width: { xs: 128, sm: 220, md: 280 },
  height: 40,
  flexShrink: 1,
  minWidth: 0,
} as const;
/** The menu's last two entries: not classes, but where to go (no class id looks like these). */
export const ALL_CLASSES = ' all';
export const FIND_A_CLASS = ' find';
