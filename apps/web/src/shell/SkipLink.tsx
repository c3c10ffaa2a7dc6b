// "Skip to content": the first focusable element, visible only when focused (plain: no MUI).
import type { MouseEvent } from 'react';
import './plain.css';

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
    <a className="sm-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      Skip to content
    </a>
  );
}
