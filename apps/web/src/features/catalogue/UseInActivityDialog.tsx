// "Use in activity" from the catalogue: the class's "New activity" dialog with the product chosen
// (its cost for the class under the field, then confirmed before saving). Saving adds the activity
// to the class at once, through the same activity actions as the Activities tab.
import type { ActivityInput, Class } from '@seminar/shared';
import { useActivityActions } from '../../data/activities';
import { useChannels } from '../../data/channels';
import { ActivityDialog } from '../activities/ActivityDialog';

export function UseInActivityDialog({
  cls,
  productId,
  onClose,
  onSaved,
}: {
  cls: Class;
  productId: string;
  onClose: () => void;
  /** Called with the activity's title once it was handed to the server. */
  onSaved: (title: string) => void;
}) {
  const actions = useActivityActions(cls.class_id);
  const channels = useChannels(cls.class_id);

  const save = (input: ActivityInput): string | null => {
    const problem = actions.save(input, null);
    if (problem === null) onSaved(input.title);
    return problem;
  };

  return (
    <ActivityDialog
      open
      classId={cls.class_id}
      activity={null}
      channels={channels.rows}
      newActivityId={actions.newActivityId}
      initialProductId={productId}
      className={cls.name}
      onClose={onClose}
      onSave={save}
    />
  );
}
