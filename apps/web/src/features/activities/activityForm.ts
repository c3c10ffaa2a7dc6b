// The activity form's values and their check with the shared `activityInputSchema` (the server
// applies the same): an error per field, shown under it.
import { activityInputSchema, type Activity, type ActivityInput } from '@seminar/shared';
import { fieldErrorsFrom } from '../common/formErrors';

/** The form as typed: '' means "none" for the AI product, the case channel and the dates. */
export interface ActivityFormValues {
  title: string;
  description: string;
  activity_qualified_name: string;
  product_id: string;
  channel_id: string;
  start_date: string;
  due_date: string;
}

export type ActivityField = keyof ActivityFormValues;
export type ActivityFormErrors = Partial<Record<ActivityField | 'form', string>>;

export const ACTIVITY_FIELDS: readonly ActivityField[] = [
  'title',
  'description',
  'activity_qualified_name',
  'product_id',
  'channel_id',
  'start_date',
  'due_date',
];

export function emptyActivityForm(): ActivityFormValues {
  return {
    title: '',
    description: '',
    activity_qualified_name: '',
    product_id: '',
    channel_id: '',
    start_date: '',
    due_date: '',
  };
}

export function activityFormFrom(activity: Activity): ActivityFormValues {
  return {
    title: activity.title,
    description: activity.description,
    activity_qualified_name: activity.activity_qualified_name,
    product_id: activity.product_id ?? '',
    channel_id: activity.channel_id ?? '',
    start_date: activity.start_date ?? '',
    due_date: activity.due_date ?? '',
  };
}

export type ActivityFormResult =
  { ok: true; value: ActivityInput } | { ok: false; errors: ActivityFormErrors };

/**
 * Checks the form for activity `activityId` of class `classId` (a new activity is enabled; an edit
 * keeps `enabled` as it is).
 */
export function parseActivityForm(
  values: ActivityFormValues,
  ids: { activity_id: string; class_id: string; enabled: boolean },
): ActivityFormResult {
  const productId = values.product_id.trim();
  const result = activityInputSchema.safeParse({
    ...values,
    ...ids,
    product_id: productId === '' ? null : productId,
    channel_id: values.channel_id === '' ? null : values.channel_id,
  });
  if (result.success) return { ok: true, value: result.data };
  const errors = fieldErrorsFrom(result.error.issues) as ActivityFormErrors;
  // Ids the user does not type: a problem with them is the form's, not a field's.
  const stray =
    (errors as Record<string, string | undefined>).activity_id ??
    (errors as Record<string, string | undefined>).class_id;
  if (stray && !errors.form) errors.form = stray;
  if (errors.product_id)
    errors.product_id = 'Enter an AI product id (no slashes), or leave it empty';
  return { ok: false, errors };
}
