// Docs: docs/classes.md#who-may-do-what — the one table of what each class role may do (issue 14.9).
// The server refuses with it (FORBIDDEN, `refusalOf`) and the web shows only the controls it allows.
import { ROLES, type Role } from './constants';

/** What can be done to the people of a class; `members.add.instructor` etc. name the role touched. */
export const MEMBER_VERBS = ['add', 'remove', 'setEnabled'] as const;
export type MemberVerb = (typeof MEMBER_VERBS)[number];

/**
 * Changes to people holding `role`: adding (or inviting, resending, withdrawing an invitation),
 * removing, enabling or disabling them.
 */
export type MemberAction = `members.${MemberVerb}.${Role}`;

/** Every action a class role may or may not take. */
export type ClassAction =
  | 'class.edit'
  | 'class.delete'
  | 'class.archive'
  | 'class.export'
  | 'activities.manage'
  | 'channels.manage'
  | 'messages.moderate'
  | 'messages.mentionChannel'
  | 'messages.pin'
  | MemberAction;

/** The member action for `verb` on people holding `role`. */
export function memberAction(verb: MemberVerb, role: Role): MemberAction {
  return `members.${verb}.${role}`;
}

/** Every class action, for tables and tests. */
export const CLASS_ACTIONS: readonly ClassAction[] = [
  'class.edit',
  'class.delete',
  'class.archive',
  'class.export',
  'activities.manage',
  'channels.manage',
  'messages.moderate',
  'messages.mentionChannel',
  'messages.pin',
  ...MEMBER_VERBS.flatMap((verb) => ROLES.map((role) => memberAction(verb, role))),
];

/**
 * What a class admin may do: run the class day to day (its settings, activities, channels, message
 * moderation) and manage its students. The class's staff — instructors and admins — is the
 * instructors' call: an admin cannot add, invite, remove, enable or disable an instructor or an
 * admin (so cannot make themselves instructor, nor remove the instructor), nor delete the class.
 */
const ADMIN_MAY: ReadonlySet<ClassAction> = new Set<ClassAction>([
  'class.edit',
  'class.archive',
  'class.export',
  'activities.manage',
  'channels.manage',
  'messages.moderate',
  'messages.pin',
  'members.add.student',
  'members.remove.student',
  'members.setEnabled.student',
]);

/**
 * May someone with `role` in a class (null: no active role) take `action` there? Instructors may do
 * everything; class admins what {@link ADMIN_MAY} lists; students none of these (they post, and
 * edit and delete their own messages, which are not class actions).
 * That a class keeps at least one instructor is a rule on the data, checked where it is written.
 */
export function can(role: Role | null | undefined, action: ClassAction): boolean {
  if (role === 'instructor') return true;
  if (role === 'admin') return ADMIN_MAY.has(action);
  return false;
}

const MEMBER_WORDS: Record<Role, string> = {
  student: 'students',
  admin: 'class admins',
  instructor: 'instructors',
};

/** The FORBIDDEN message when `can` refuses `action` to someone who can see the class. */
export function refusalOf(action: ClassAction): string {
  switch (action) {
    case 'class.edit':
      return 'Only instructors and class admins can edit the class.';
    case 'class.delete':
      return 'Only instructors can delete the class.';
    case 'class.archive':
      return 'Only instructors and class admins can archive the class.';
    case 'class.export':
      return 'Only instructors and class admins can export the class.';
    case 'activities.manage':
      return 'Only instructors and class admins can change activities.';
    case 'channels.manage':
      return 'Only instructors and class admins can change channels.';
    case 'messages.moderate':
      return 'You can only delete your own messages.';
    case 'messages.mentionChannel':
      return 'Only instructors can mention @channel.';
    case 'messages.pin':
      return 'Only instructors and class admins can pin and unpin messages.';
    default: {
      const role = action.split('.')[2] as Role;
      return role === 'student'
        ? 'Only instructors and class admins can change the people of a class.'
        : `Only instructors can add, remove, enable or disable ${MEMBER_WORDS[role]}.`;
    }
  }
}

/** The message when a change would leave a class without an enabled instructor. */
export const LAST_INSTRUCTOR_MESSAGE =
  'A class needs at least one instructor: add another instructor before removing or disabling this one.';

/**
 * The refusal of any change to an archived class (docs/classes.md#archive): it is read-only for
 * everyone until its staff unarchive it.
 */
export const CLASS_ARCHIVED_MESSAGE =
  'This class is archived: it is read-only. Its instructors or class admins can unarchive it.';
