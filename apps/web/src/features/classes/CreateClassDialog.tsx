// "Create class": the class form in a dialog. On submit the dialog closes and the class shows at
// once in my classes as pending_created ("Setting up…"); it becomes ready when the server's class
// arrives, or goes away with the reason shown when the request is refused.
import type { FormEvent } from 'react';
import type { Class } from '@seminar/shared';
import { useClassActions } from '../../data/classes';
import { NOT_CONNECTED_MESSAGE, type OptimisticOutcome } from '../../data/connection';
import { FormDialog } from '../common/FormDialog';
import { ClassFormFields, emptyClassForm, useClassForm } from './classForm';

export function CreateClassDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  /** Told the new class's id at once, and later the outcome. */
  onCreated?: (classId: string, outcome: Promise<OptimisticOutcome<Class>>) => void;
}) {
  const form = useClassForm(emptyClassForm);
  const { create } = useClassActions();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = form.check();
    if (!value) return;
    const created = create(value);
    if (!created) {
      form.setErrors({ form: NOT_CONNECTED_MESSAGE });
      return;
    }
    form.reset(emptyClassForm());
    onClose();
    onCreated?.(created.classId, created.outcome);
  };

  return (
    <FormDialog
      open={open}
      title="Create class"
      onClose={onClose}
      onSubmit={onSubmit}
      error={form.errors.form}
      submitLabel="Create"
    >
      <ClassFormFields form={form} autoFocus />
    </FormDialog>
  );
}
