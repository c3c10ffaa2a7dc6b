// "Skip to content": the first focusable element, visible only when focused.
import type { MouseEvent } from 'react';
import Link from '@mui/material/Link';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  // Focus the main landmark directly instead of changing the URL hash (which the router would see).
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={onClick}
      sx={(theme) => ({
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none' },
      })}
    >
      Skip to content
    </Link>
  );
}
