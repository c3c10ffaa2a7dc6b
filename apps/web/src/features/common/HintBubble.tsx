// The bubble of a Hint (Hint.tsx), loaded when the first one opens: MUI's Popper places it below
// its anchor (or above, where there is no room), in MUI Tooltip's look.
import Box from '@mui/material/Box';
import Popper from '@mui/material/Popper';
import { alpha } from '@mui/material/styles';

const OFFSET = [{ name: 'offset', options: { offset: [0, 6] } }];

export default function HintBubble({
  id,
  title,
  anchor,
  onPointerEnter,
  onPointerLeave,
}: {
  id: string;
  title: string;
  anchor: HTMLElement;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
}) {
  return (
    // Popper's own element is the tooltip (role="tooltip"), with the id the anchor refers to.
    <Popper
      id={id}
      open
      anchorEl={anchor}
      placement="bottom"
      modifiers={OFFSET}
      sx={{ zIndex: 'tooltip' }}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <Box
        // MUI Tooltip's values: the palette's grey 700 at 92 %, white, 11 px, medium weight.
        sx={(theme) => ({
          bgcolor: alpha(theme.palette.grey[700], 0.92),
          color: 'common.white',
          borderRadius: 1,
          px: 1,
          py: 0.5,
          fontSize: theme.typography.pxToRem(11),
          fontWeight: 'fontWeightMedium',
          lineHeight: 1.4,
          maxWidth: 300,
          overflowWrap: 'break-word',
        })}
      >
        {title}
      </Box>
    </Popper>
  );
}
