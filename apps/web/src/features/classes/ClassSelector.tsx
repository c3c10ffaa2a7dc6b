// The app bar's class selector (SPEC §2): a select named "Class" listing my classes, then "All
// classes" (My classes) and "Find a class". It shows the class the URL selects (selection.tsx).
// Choosing a ready class opens its page; a pending class is shown greyed with why, and choosing it
// goes to My classes (nothing selected). The field itself is a chunk of its own (ClassSelectField).
import { lazy, Suspense } from 'react';
import { isSelectableClass } from '@seminar/shared';
import { useNavigate } from 'react-router';
import { classPath, PATHS } from '../../routes/paths';
import { useFirstContentShown } from '../../shell/firstContent';
import { FIND_A_CLASS, NONE, SELECTOR_CLASS } from './classSelectorParts';
import { useClassSelection } from './selection';

const ClassSelectField = lazy(() => import('./ClassSelectField'));

export function ClassSelector() {
  const { classes, selectedClassId } = useClassSelection();
  const navigate = useNavigate();
  const shown = useFirstContentShown({ later: true });
  const rows = classes.rows;
  const known = selectedClassId !== null && rows.some((row) => row.class_id === selectedClassId);
  const value = known ? selectedClassId : NONE;

  const onChange = (choice: string) => {
    if (choice === FIND_A_CLASS) return void navigate(PATHS.publicClasses);
    const cls = rows.find((row) => row.class_id === choice);
    void navigate(cls && isSelectableClass(cls) ? classPath(cls.class_id) : PATHS.home);
  };

  // On a page opened onto a channel the selector follows the messages (shell/firstContent.ts), and
  // its field is a chunk of its own: until both, a box of its size.
  const waiting = <div aria-hidden className={SELECTOR_CLASS} />;
  if (!shown) return waiting;

  const placeholder =
    classes.status === 'loading'
      ? 'Loading…'
      : rows.length === 0
        ? 'No classes yet'
        : 'Choose a class';

  return (
    <Suspense fallback={waiting}>
      <ClassSelectField rows={rows} value={value} placeholder={placeholder} onChange={onChange} />
    </Suspense>
  );
}
