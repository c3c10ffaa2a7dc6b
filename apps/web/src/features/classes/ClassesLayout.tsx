// The signed-in layout with the class selection: my classes (one live query) and the selected
// class are shared by the app bar's "Class" selector and every page below it.
import { SignedInLayout } from '../../routes/SignedInLayout';
import { ClassSelectionProvider } from './selection';
import { ClassSelector } from './ClassSelector';

export function ClassesLayout() {
  return (
    <ClassSelectionProvider>
      <SignedInLayout actions={<ClassSelector />} />
    </ClassSelectionProvider>
  );
}
