// Docs: docs/catalogue.md — one product in the catalogue's grid: its card, price, type and, for site
// admins, the manage controls.
import { useId } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cannotAnswerNote, type PublicProduct } from '@seminar/shared';
import { Link as RouterLink } from 'react-router';
import { EditDeleteButtons, EnabledSwitch } from '../common/ManageControls';
import { greyedSx } from '../common/greyed';
import { priceText, typeLabel } from './catalogue';

export function ProductCard({
  product,
  detailPath,
  admin,
  pending,
  llmConfigured,
  onEdit,
  onDelete,
  onToggle,
}: {
  product: PublicProduct;
  detailPath: string;
  admin: boolean;
  pending: boolean;
  /** Whether the server runs LLM agents (null: unknown): a product's silent agents are named. */
  llmConfigured: boolean | null;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (enabled: boolean) => void;
}) {
  const titleId = useId();
  const silent = cannotAnswerNote(product.ai_agent_refs, llmConfigured);
  const tags = [...product.disciplines, ...product.categories];
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      aria-busy={pending || undefined}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        ...(product.enabled ? {} : greyedSx),
      }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack spacing={1}>
          <Typography
            id={titleId}
            component="h2"
            variant="h6"
            sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
          >
            {product.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {[
              product.name,
              product.product_type && typeLabel(product.product_type),
              product.contributor,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {product.description && (
            <Typography
              variant="body2"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              {product.description}
            </Typography>
          )}
          {tags.length > 0 && (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {[...new Set(tags)].map((tag) => (
                <Chip key={tag} size="small" variant="outlined" label={tag} />
              ))}
            </Stack>
          )}
          <Typography component="p" variant="subtitle2">
            {priceText(product.price_per_user)}
          </Typography>
          {silent ? (
            // The secondary text colour: the warning orange is 3.1:1 on a card's white.
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {silent}
            </Typography>
          ) : null}
          {(!product.enabled || pending) && (
            <Stack direction="row" spacing={0.5}>
              {!product.enabled && <Chip size="small" label="Disabled" />}
              {pending && <Chip size="small" variant="outlined" label="Saving…" />}
            </Stack>
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', px: 2, pb: 1.5 }}>
        <Button component={RouterLink} to={detailPath} aria-describedby={titleId}>
          Details
        </Button>
        {admin && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <EnabledSwitch enabled={product.enabled} onToggle={onToggle} />
            <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} />
          </Stack>
        )}
      </CardActions>
    </Card>
  );
}
