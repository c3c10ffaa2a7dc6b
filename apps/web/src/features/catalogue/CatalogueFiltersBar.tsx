// Docs: docs/catalogue.md — the catalogue's search and filters (discipline, category, type), kept in
// the address by CataloguePage.
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { isFiltered, NO_FILTERS, typeLabel, type CatalogueFilters } from './catalogue';

export function CatalogueFiltersBar({
  filters,
  choices,
  onChange,
}: {
  filters: CatalogueFilters;
  choices: { disciplines: string[]; categories: string[]; types: string[] };
  onChange: (next: CatalogueFilters) => void;
}) {
  return (
    <Stack spacing={1.5}>
      <TextField
        type="search"
        label="Search products"
        value={filters.query}
        onChange={(event) => onChange({ ...filters, query: event.target.value })}
        placeholder="Title, name, description or contributor"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ bgcolor: 'background.paper' }}
        fullWidth
      />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'center' } }}
      >
        <MultiSelect
          label="Discipline"
          values={filters.disciplines}
          choices={choices.disciplines}
          onChange={(disciplines) => onChange({ ...filters, disciplines })}
        />
        <MultiSelect
          label="Category"
          values={filters.categories}
          choices={choices.categories}
          onChange={(categories) => onChange({ ...filters, categories })}
        />
        <MultiSelect
          label="Type"
          values={filters.types}
          choices={choices.types}
          labelOf={typeLabel}
          onChange={(types) => onChange({ ...filters, types })}
        />
        {isFiltered(filters) && (
          <Button onClick={() => onChange(NO_FILTERS)} sx={{ flexShrink: 0 }}>
            Clear filters
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

function MultiSelect({
  label,
  values,
  choices,
  labelOf = (value) => value,
  onChange,
}: {
  label: string;
  values: readonly string[];
  choices: readonly string[];
  labelOf?: (value: string) => string;
  onChange: (values: string[]) => void;
}) {
  // A chosen value no product has any more still shows, so it can be unchosen.
  const all = [...choices, ...values.filter((value) => !choices.includes(value))];
  return (
    <TextField
      select
      size="small"
      label={label}
      value={[...values]}
      onChange={(event) => {
        const next = event.target.value as unknown;
        onChange(typeof next === 'string' ? next.split(',') : (next as string[]));
      }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const chosen = selected as string[];
            return chosen.length === 0 ? 'Any' : chosen.map(labelOf).join(', ');
          },
        },
        inputLabel: { shrink: true },
      }}
      sx={{ minWidth: 200, flex: { md: 1 }, bgcolor: 'background.paper' }}
    >
      {all.map((value) => (
        <MenuItem key={value} value={value}>
          <Checkbox checked={values.includes(value)} size="small" sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={labelOf(value)} />
        </MenuItem>
      ))}
    </TextField>
  );
}
