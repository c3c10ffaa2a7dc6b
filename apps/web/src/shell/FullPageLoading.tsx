import { useState, type CSSProperties } from 'react';
import { LogoMark } from './AppLogo';
import { useAppName } from './appName';
import { Spinner } from './ui';

/** How long the delayed spinner waits before it shows (plain.css, `.sm-spinner-delayed`). */
export const SPINNER_DELAY_MS = 800;

/**
 * When this screen replaces index.html's (React's first render, which is still to commit while
 * the HTML's screen is in #root), its spinner keeps the HTML one's time: it shows 0.8 s after the
 * page began loading, not 0.8 s after the scripts arrived (on a slow phone, the HTML's spinner
 * would otherwise vanish for 0.8 s and come back).
 */
export function firstScreenSpinnerDelay(doc: Document = document): CSSProperties | undefined {
  if (!doc.querySelector('#root > .sm-loading')) return undefined;
  const left = Math.max(0, Math.round(SPINNER_DELAY_MS - performance.now()));
  return { '--sm-spinner-delay': `${left}ms` } as CSSProperties;
}

/**
 * A whole-screen wait (plain: no MUI): the logo and app name where the app bar will be, and a
 * centred spinner. The name is painted at once, while a signed-in page's code still loads, so the
 * screen is not blank until then (the first contentful paint on a slow phone). The spinner only
 * shows if the wait lasts.
 *
 * index.html holds the same markup in its #root (the first screen before any script has run; the
 * test beside this file holds the two together): change one, change the other.
 */
export function FullPageLoading() {
  const name = useAppName();
  const [spinnerDelay] = useState(firstScreenSpinnerDelay);
  return (
    <>
      <div className="sm-frame-header">
        <span className="sm-logo">
          <LogoMark />
          <span className="sm-logo-name">{name}</span>
        </span>
      </div>
      <div className="sm-loading" aria-busy="true" style={spinnerDelay}>
        <Spinner label="Loading" delayed />
      </div>
    </>
  );
}
