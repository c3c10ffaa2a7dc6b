// The activity dialog's "AI product" field: picks a product from the catalogue (live), shown by
// title with its name; with the class's student count it also says what the product costs. An id
// that is no longer in the catalogue still shows (by id) rather than vanishing.
import { useMemo, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { PublicProduct } from '@seminar/shared';
import { costText, priceText } from './catalogue';
import { useProducts } from '../../data/products';

export function ProductPicker({
  value,
  onChange,
  error,
  helperText,
  inputRef,
  studentCount = null,
  label = 'AI product',
}: {
  /** The chosen product id ('' for none). */
  value: string;
  onChange: (productId: string) => void;
  error?: boolean;
  /** Shown under the field (an error wins over the cost). */
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The class's enrolled students: the cost of the chosen product shows under the field. */
  studentCount?: number | null;
  label?: string;
}) {
  const products = useProducts();
  const byId = useMemo(
    () => new Map(products.rows.map((product) => [product.product_id, product])),
    [products.rows],
  );
  const options = useMemo(() => {
    const ids = products.rows
      .filter((product) => product.enabled || product.product_id === value)
      .map((product) => product.product_id);
    return value !== '' && !ids.includes(value) ? [...ids, value] : ids;
  }, [products.rows, value]);

  const chosen: PublicProduct | undefined = byId.get(value);
  const note =
    chosen && studentCount !== null
      ? (costText(chosen.price_per_user, studentCount) ?? priceText(chosen.price_per_user))
      : chosen
        ? priceText(chosen.price_per_user)
        : undefined;
  const labelOf = (id: string) => byId.get(id)?.title ?? id;

  return (
    <Autocomplete
      options={options}
      value={value === '' ? null : value}
      onChange={(_event, next) => onChange(next ?? '')}
      getOptionLabel={labelOf}
      loading={products.status === 'loading'}
      loadingText="Loading the catalogue…"
      noOptionsText="No matching AI product"
      renderOption={(props, id) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const product = byId.get(id);
        return (
          <li key={key} {...rest}>
            <span>
              {labelOf(id)}
              {product && (
                <Box
                  component="span"
                  sx={{ display: 'block', typography: 'body2', color: 'text.secondary' }}
                >
                  {product.name} · {priceText(product.price_per_user)}
                </Box>
              )}
            </span>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          name="product_id"
          error={error}
          helperText={error ? helperText : (note ?? helperText)}
          inputRef={inputRef}
        />
      )}
      fullWidth
    />
  );
}
