// What the class selector (ClassSelector.tsx) and its field (ClassSelectField.tsx) share.

/** The field's value while no class of the list is selected. */
export const NONE = '';
/** The selector's room in the app bar (shell/appBar.css), kept while it waits. */
export const SELECTOR_CLASS = 'sm-class-selector';
/** The menu's last two entries: not classes, but where to go (no class id looks like these). */
export const ALL_CLASSES = ' all';
export const FIND_A_CLASS = ' find';
