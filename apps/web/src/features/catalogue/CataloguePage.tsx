// Docs: docs/catalogue.md — /catalogue/:productId? "AI products": the live catalogue (SPEC §7 "Public
// products", by seq) with a search (title, name, description, contributor), filters (discipline,
// category, type) kept in the address, the result count and a detail dialog per product. For an
// instructor of the selected class the detail shows the class's cost and "Use in activity"; site
// admins create, edit, enable/disable and delete products.
import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  can,
  countOf,
  isSelectableClass,
  makeRecordId,
  type Class,
  type PublicProduct,
} from '@seminar/shared';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../auth/session';
import { useRoster } from '../../data/classes';
import { useLlmConfigured, useProductActions, useProducts } from '../../data/products';
import { useIsSiteAdmin } from '../../data/users';
import { cataloguePath, CLASS_PARAM, classPath } from '../../routes/paths';
import { usePageTitle } from '../../shell/usePageTitle';
import { useClassSelection } from '../classes/selection';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { EmptyState, LoadError } from '../common/EmptyState';
import {
  enrolledStudentCount,
  filterChoices,
  filterProducts,
  filtersFromParams,
  NO_FILTERS,
  paramsFromFilters,
  resultCountText,
  type CatalogueFilters,
} from './catalogue';
import { ProductDetailDialog, type CostContext } from './ProductDetailDialog';
import { ProductFormDialog } from './ProductFormDialog';
import { UseInActivityDialog } from './UseInActivityDialog';
import { CatalogueFiltersBar } from './CatalogueFiltersBar';
import { ProductCard } from './ProductCard';

const PAGE_DESCRIPTION =
  'AI products (agents such as DataAnalystBot) to use in {name} activities: search, compare and see what each costs a class.';

type Editing = { product: PublicProduct | null; token: number } | null;
type Using = { product: PublicProduct; cls: Class; token: number } | null;

/** The selected class when the viewer may add activities to it (instructor or class admin). */
function useManagedClass(): Class | null {
  const { selectedClass } = useClassSelection();
  return selectedClass &&
    isSelectableClass(selectedClass) &&
    can(selectedClass.my_role, 'activities.manage')
    ? selectedClass
    : null;
}

export function CataloguePage() {
  usePageTitle('Catalogue', PAGE_DESCRIPTION);
  const { productId } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromParams(searchParams), [searchParams]);
  const products = useProducts();
  const llm = useLlmConfigured();
  const admin = useIsSiteAdmin();
  const { user } = useSession();
  const actions = useProductActions();

  const managed = useManagedClass();
  const roster = useRoster(managed?.class_id ?? null);
  const students = managed && roster.status === 'ready' ? enrolledStudentCount(roster.rows) : null;
  const costFor: CostContext | null = managed ? { cls: managed, students } : null;

  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PublicProduct | null>(null);
  const [using, setUsing] = useState<Using>(null);
  const [saved, setSaved] = useState<{ title: string; cls: Class } | null>(null);

  const choices = useMemo(() => filterChoices(products.rows), [products.rows]);
  const shown = useMemo(() => filterProducts(products.rows, filters), [products.rows, filters]);
  const search = searchParams.toString();
  const detail = productId
    ? (products.rows.find((product) => product.product_id === productId) ?? null)
    : null;

  // The filters change; the class the catalogue is for (?class=) stays.
  const classParam = searchParams.get(CLASS_PARAM);
  const setFilters = useCallback(
    (next: CatalogueFilters) => {
      const params = paramsFromFilters(next);
      if (classParam !== null) params.set(CLASS_PARAM, classParam);
      setSearchParams(params, { replace: true });
    },
    [setSearchParams, classParam],
  );
  const closeDetail = () => void navigate(cataloguePath(null, search));
  const uid = user?.id ?? '';
  const newProductId = useCallback(() => makeRecordId('product', uid), [uid]);

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Stack spacing={0.5}>
          <Typography component="h1" variant="h4">
            AI products
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {managed
              ? `Agents to use in the activities of ${managed.name}${students === null ? '' : ` (${countOf(students, { one: 'student', other: 'students' })})`}.`
              : 'Agents and tools to use in class activities.'}
          </Typography>
        </Stack>
        {admin && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ product: null, token: Date.now() })}
          >
            New product
          </Button>
        )}
      </Stack>

      <CatalogueFiltersBar filters={filters} choices={choices} onChange={setFilters} />

      {products.status === 'ready' && (
        <Typography role="status" sx={{ color: 'text.secondary' }}>
          {resultCountText(shown.length, products.rows.length)}
        </Typography>
      )}

      {productId && products.status === 'ready' && !detail && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" component={RouterLink} to={cataloguePath(null, search)}>
              Show all
            </Button>
          }
        >
          This AI product is not in the catalogue (any more).
        </Alert>
      )}

      {products.status === 'loading' && (
        <Grid container spacing={2} aria-busy="true" aria-label="Loading AI products">
          {[0, 1, 2].map((n) => (
            <Grid key={n} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      )}
      {products.status === 'error' && (
        <LoadError message={products.error ?? ''} onRetry={products.retry} />
      )}
      {products.status === 'ready' && products.rows.length === 0 && (
        <EmptyState title="No AI products yet">
          {admin
            ? 'Use “New product” to add the first one.'
            : 'The catalogue is empty. Products show here as soon as they are added.'}
        </EmptyState>
      )}
      {products.rows.length > 0 && shown.length === 0 && (
        <EmptyState
          title="No products match"
          actions={
            <Button variant="outlined" onClick={() => setFilters(NO_FILTERS)}>
              Clear search and filters
            </Button>
          }
        >
          Try other words, or fewer filters.
        </EmptyState>
      )}
      {shown.length > 0 && (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shown.map((product) => (
            <Grid key={product.product_id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <ProductCard
                product={product}
                detailPath={cataloguePath(product.product_id, search)}
                admin={admin}
                pending={products.pendingIds.has(product.product_id)}
                llmConfigured={llm}
                onEdit={() => setEditing({ product, token: Date.now() })}
                onDelete={() => setDeleting(product)}
                onToggle={(enabled) => void actions.setEnabled(product, enabled)}
              />
            </Grid>
          ))}
        </Grid>
      )}

      {/* Hidden in the same render that opens "Use in activity": the URL change that closes it
          comes later (a transition), and its focus restore would otherwise pull focus out of the
          new dialog, closing a picker the user has already opened. */}
      {detail && !using && (
        <ProductDetailDialog
          product={detail}
          costFor={costFor}
          onClose={closeDetail}
          onUse={() => {
            if (!managed) return;
            setUsing({ product: detail, cls: managed, token: Date.now() });
            closeDetail();
          }}
        />
      )}
      {using && (
        <UseInActivityDialog
          key={using.token}
          cls={using.cls}
          productId={using.product.product_id}
          onClose={() => setUsing(null)}
          onSaved={(title) => setSaved({ title, cls: using.cls })}
        />
      )}
      {admin && editing && (
        <ProductFormDialog
          key={editing.token}
          product={editing.product}
          newProductId={newProductId}
          onClose={() => setEditing(null)}
          onSave={(input, previous) => void actions.save(input, previous)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete product?"
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void actions.remove(deleting);
          setDeleting(null);
        }}
      >
        “{deleting?.title}” will leave the catalogue. Activities that use it keep its id.
      </ConfirmDialog>
      <Snackbar
        open={saved !== null}
        autoHideDuration={8000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setSaved(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="success"
          variant="filled"
          onClose={() => setSaved(null)}
          action={
            saved ? (
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={classPath(saved.cls.class_id, 'activities')}
              >
                Open activities
              </Button>
            ) : undefined
          }
        >
          {saved ? `Activity “${saved.title}” added to ${saved.cls.name}.` : ''}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
