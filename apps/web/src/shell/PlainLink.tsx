// A router link without React Router's <Link>, whose framework-mode extras (prefetching, route
// discovery) weigh a few KB: the pages that load before sign-in use this one. Same behaviour for a
// plain click (client-side navigation with `state`); modified clicks and other targets are left to
// the browser.
import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export type PlainLinkProps = {
  to: To;
  /** Router state given to the next page. */
  state?: unknown;
  replace?: boolean;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export function PlainLink({ to, state, replace, onClick, target, ...props }: PlainLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, {
    state,
    ...(replace === undefined ? {} : { replace }),
    ...(target === undefined ? {} : { target }),
  });
  return (
    <a
      {...props}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
