// One AI product in full (SPEC §3): description, learning objective, price per user, version, access
// type, cooperation mode, agents, files, disciplines and categories. For an instructor of the
// selected class it says what the product costs that class and offers "Use in activity".
import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Class, PublicProduct } from '@seminar/shared';
import { costText, priceText, typeLabel } from './catalogue';

/** The class an instructor would use the product in, with its enrolled students (null: counting). */
export interface CostContext {
  cls: Class;
  students: number | null;
}

export function ProductDetailDialog({
  product,
  costFor,
  onUse,
  onClose,
}: {
  product: PublicProduct;
  /** Set for an instructor (or class admin) of the selected class. */
  costFor: CostContext | null;
  onUse: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const none = <Typography sx={{ color: 'text.secondary' }}>None</Typography>;
  const list = (items: readonly string[]) =>
    items.length === 0 ? (
      none
    ) : (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {items.map((item) => (
          <Chip key={item} size="small" variant="outlined" label={item} />
        ))}
      </Stack>
    );
  const text = (value: string | null | undefined) =>
    value ? <Typography sx={{ overflowWrap: 'anywhere' }}>{value}</Typography> : none;

  const cost =
    costFor && costFor.students !== null
      ? costText(product.price_per_user, costFor.students)
      : null;

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{product.title}</DialogTitle>
      {/* Focusable, so keyboard users can scroll a long detail (it has no controls of its own). */}
      <DialogContent
        dividers
        tabIndex={0}
        sx={{ '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
      >
        <Stack spacing={2}>
          {costFor && (
            <Typography
              role="status"
              sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}
            >
              {costFor.students === null
                ? `Counting the students of ${costFor.cls.name}…`
                : cost === null
                  ? `${product.title} has no price yet.`
                  : `Cost for ${costFor.cls.name}: ${cost}`}
            </Typography>
          )}
          {product.description && (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {product.description}
            </Typography>
          )}
          <Stack
            component="dl"
            spacing={1.5}
            sx={{
              m: 0,
              '& dt': { typography: 'subtitle2', color: 'text.secondary' },
              '& dd': { m: 0 },
            }}
          >
            <Detail term="Learning objective">{text(product.learning_objective)}</Detail>
            <Detail term="Price per user">
              <Typography>
                {priceText(product.price_per_user)}
                {product.product_billing_name ? ` (${product.product_billing_name})` : ''}
              </Typography>
            </Detail>
            <Detail term="Version">{text(product.product_version)}</Detail>
            <Detail term="Access type">{text(product.product_access_type)}</Detail>
            <Detail term="Cooperation mode">{text(product.ai_agent_cooperation_mode)}</Detail>
            <Detail term="Agents">{list(product.ai_agent_refs)}</Detail>
            <Detail term="Files">{list(product.product_files)}</Detail>
            <Detail term="Disciplines">{list(product.disciplines)}</Detail>
            <Detail term="Categories">{list(product.categories)}</Detail>
            <Detail term="Type">
              {text(product.product_type ? typeLabel(product.product_type) : '')}
            </Detail>
            <Detail term="Name">{text(product.name)}</Detail>
            <Detail term="Contributor">{text(product.contributor)}</Detail>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {costFor && (
          <Button variant="contained" onClick={onUse}>
            Use in activity
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
