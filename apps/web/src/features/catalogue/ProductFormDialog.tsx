// "New product" / "Edit product" (site admins): the catalogue entry's fields, checked with the
// shared `productInputSchema`, errors under their fields; the cooperation mode is picked from
// AI_AGENT_COOPERATION_MODES (an older free-text value stays shown and kept). On "Save" the dialog closes and the entry
// shows at once (optimistic), reconciled by the live catalogue.
import { useState, type FormEvent } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ProductInput, PublicProduct } from '@seminar/shared';
import { FormDialog } from '../common/FormDialog';
import { useFormFields } from '../common/useFormFields';
import {
  cooperationModeChoices,
  emptyProductForm,
  parseProductForm,
  PRODUCT_FIELDS,
  productFormFrom,
  type ProductFormValues,
} from './productForm';

export function ProductFormDialog({
  product,
  newProductId,
  onClose,
  onSave,
}: {
  /** The product to edit; null for a new one. */
  product: PublicProduct | null;
  newProductId: () => string;
  onClose: () => void;
  onSave: (input: ProductInput, previous: PublicProduct | null) => void;
}) {
  const form = useFormFields<ProductFormValues>(
    () => (product ? productFormFrom(product) : emptyProductForm()),
    PRODUCT_FIELDS,
  );
  const { values, errors, textField: field } = form;
  const [enabled, setEnabled] = useState(product?.enabled ?? true);
  const [productId] = useState(() => product?.product_id ?? newProductId());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = parseProductForm(values, { product_id: productId, enabled });
    if (!result.ok) {
      form.showErrors(result.errors);
      return;
    }
    onSave(result.value, product);
    onClose();
  };

  const half = { xs: 12, sm: 6 } as const;

  return (
    <FormDialog
      open
      title={product ? 'Edit product' : 'New product'}
      onClose={onClose}
      onSubmit={onSubmit}
      error={errors.form}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        <Grid size={half}>
          <TextField {...field('title', 'Title')} required autoFocus />
        </Grid>
        <Grid size={half}>
          <TextField {...field('name', 'Name', 'The agent’s name, e.g. DataAnalystBot')} required />
        </Grid>
        <Grid size={12}>
          <TextField {...field('description', 'Description')} multiline minRows={2} />
        </Grid>
        <Grid size={12}>
          <TextField {...field('learning_objective', 'Learning objective')} multiline />
        </Grid>
        <Grid size={half}>
          <TextField {...field('product_type', 'Product type', 'For example ai_agent')} />
        </Grid>
        <Grid size={half}>
          <TextField {...field('product_qualified_name', 'Qualified name')} />
        </Grid>
        <Grid size={half}>
          <TextField {...field('contributor', 'Contributor')} />
        </Grid>
        <Grid size={half}>
          <TextField {...field('product_version', 'Version')} />
        </Grid>
        <Grid size={half}>
          <TextField {...field('disciplines', 'Disciplines', 'Separated by commas')} />
        </Grid>
        <Grid size={half}>
          <TextField {...field('categories', 'Categories', 'Separated by commas')} />
        </Grid>
        <Grid size={half}>
          <TextField
            {...field('price_per_user', 'Price per user', 'Per student and term; empty: no price')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={half}>
          <TextField
            {...field(
              'price_per_1k_tokens',
              'Price per 1,000 tokens',
              'What a model answer costs; set, the AI spend counts tokens rather than students',
            )}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={half}>
          <TextField {...field('product_access_type', 'Access type', 'For example public')} />
        </Grid>
        <Grid size={half}>
          <TextField {...field('product_billing_id', 'Billing id')} />
        </Grid>
        <Grid size={half}>
          <TextField {...field('product_billing_name', 'Billing name')} />
        </Grid>
        <Grid size={half}>
          <TextField
            {...field(
              'ai_agent_cooperation_mode',
              'Cooperation mode',
              'When the agents answer in a case channel',
            )}
            select
          >
            {cooperationModeChoices(values.ai_agent_cooperation_mode).map((choice) => (
              <MenuItem key={choice.value} value={choice.value}>
                {choice.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={half}>
          <TextField
            {...field('ai_agent_refs', 'Agents', 'Agent references, separated by commas')}
          />
        </Grid>
        <Grid size={half}>
          <TextField {...field('product_files', 'Files', 'File names, separated by commas')} />
        </Grid>
        <Grid size={half}>
          <TextField
            {...field('seq', 'Order', 'Lower numbers list first')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={12}>
          <FormControlLabel
            control={
              <Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
            }
            label="Enabled (listed for everyone)"
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
