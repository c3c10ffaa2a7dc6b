// "New activity" / "Edit activity": Title, Description, Qualified name, AI product (optional, picked
// from the catalogue), Case channel (the class's channels), Start date and Due date; checked with
// the shared schema, errors under their fields. Attaching an AI product (a new activity with one, or
// an edit that changes it) goes through a confirm step that shows its cost for the class (price per
// user × enrolled students, with the billing name) before anything is saved. On "Save" / "Confirm"
// the dialog closes and the activity shows at once (optimistic), reconciled by the live list.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Activity, ActivityInput, ChannelView } from '@seminar/shared';
import {
  ACTIVITY_FIELDS,
  activityFormFrom,
  emptyActivityForm,
  parseActivityForm,
  type ActivityFormValues,
} from './activityForm';
import { FormDialog } from '../common/FormDialog';
import { useFormFields } from '../common/useFormFields';
import { ProductPicker } from '../catalogue/ProductPicker';
import { useLlmConfigured, useProducts } from '../../data/products';
import { CostConfirmation, useStudentCount } from './ActivityCost';

/** Whether saving `input` attaches a product the activity did not have: the cost is confirmed. */
export function attachesProduct(input: ActivityInput, previous: Activity | null): boolean {
  return input.product_id !== null && input.product_id !== (previous?.product_id ?? null);
}

export function ActivityDialog({
  open,
  classId,
  activity,
  channels,
  newActivityId,
  initialProductId,
  className,
  onClose,
  onSave,
}: {
  open: boolean;
  classId: string;
  /** The class's name, in the cost ("Cost for Chemistry: …"). */
  className: string;
  /** The activity to edit; null for a new one. */
  activity: Activity | null;
  /** The class's channels, for the case channel. */
  channels: readonly ChannelView[];
  /** Makes the id of a new activity. */
  newActivityId: () => string;
  /** A new activity starts with this AI product chosen (the catalogue's "Use in activity"). */
  initialProductId?: string;
  onClose: () => void;
  /** Saves the checked input; returns a message when it could not even be sent. */
  onSave: (input: ActivityInput, previous: Activity | null) => string | null;
}) {
  const form = useFormFields<ActivityFormValues>(
    () =>
      activity
        ? activityFormFrom(activity)
        : { ...emptyActivityForm(), product_id: initialProductId ?? '' },
    ACTIVITY_FIELDS,
  );
  const { values, errors, setErrors, change, textField } = form;
  const [activityId] = useState(() => activity?.activity_id ?? newActivityId());
  // The checked input waiting for the cost to be confirmed; null while the form shows.
  const [confirming, setConfirming] = useState<ActivityInput | null>(null);
  const students = useStudentCount(classId);
  const products = useProducts();
  const llm = useLlmConfigured();
  const costRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) costRef.current?.focus();
  }, [confirming]);

  const save = (input: ActivityInput) => {
    const problem = onSave(input, activity);
    if (problem) {
      setConfirming(null);
      setErrors({ form: problem });
      return;
    }
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirming) {
      save(confirming);
      return;
    }
    const result = parseActivityForm(values, {
      activity_id: activityId,
      class_id: classId,
      enabled: activity?.enabled ?? true,
    });
    if (!result.ok) {
      form.showErrors(result.errors);
      return;
    }
    if (attachesProduct(result.value, activity)) setConfirming(result.value);
    else save(result.value);
  };

  // A case channel that is no longer listed still shows as chosen (by id) rather than vanishing.
  const knownChannel = channels.some((channel) => channel.channel_id === values.channel_id);

  if (confirming?.product_id) {
    const product = products.rows.find((row) => row.product_id === confirming.product_id) ?? null;
    // The cost must be known (or known to be unknowable) before it can be confirmed.
    const counting = students.count === null && students.error === null;
    return (
      <FormDialog
        open={open}
        title="Confirm the AI product’s cost"
        onClose={onClose}
        onSubmit={onSubmit}
        actions={
          <>
            <Button onClick={() => setConfirming(null)}>Back</Button>
            <Button type="submit" variant="contained" disabled={counting}>
              Confirm and save
            </Button>
          </>
        }
      >
        <CostConfirmation
          ref={costRef}
          product={product}
          productId={confirming.product_id}
          activityTitle={confirming.title}
          className={className}
          students={students}
          llmConfigured={llm}
        />
      </FormDialog>
    );
  }

  return (
    <FormDialog
      open={open}
      title={activity ? 'Edit activity' : 'New activity'}
      onClose={onClose}
      onSubmit={onSubmit}
      error={errors.form}
    >
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField {...textField('title', 'Title')} required autoFocus />
        </Grid>
        <Grid size={12}>
          <TextField {...textField('description', 'Description')} multiline minRows={2} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...textField(
              'activity_qualified_name',
              'Qualified name',
              'For example case.pricing.1',
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <ProductPicker
            value={values.product_id}
            onChange={(productId) => change('product_id', productId)}
            error={Boolean(errors.product_id)}
            helperText={errors.product_id ?? 'Optional: one from the catalogue'}
            inputRef={form.inputRef('product_id')}
            studentCount={students.count}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...textField('channel_id', 'Case channel', 'The channel where the case is discussed')}
            select
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {channels.map((channel) => (
              <MenuItem key={channel.channel_id} value={channel.channel_id}>
                {channel.name || channel.channel_id}
              </MenuItem>
            ))}
            {!knownChannel && values.channel_id !== '' && (
              <MenuItem value={values.channel_id}>{values.channel_id}</MenuItem>
            )}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...textField('start_date', 'Start date')}
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...textField('due_date', 'Due date')}
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
