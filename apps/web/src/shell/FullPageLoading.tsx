import { LogoMark } from './AppLogo';
import { useAppName } from './appName';
import { Spinner } from './ui';

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
  return (
    <>
      <div className="sm-frame-header">
        <span className="sm-logo">
          <LogoMark />
          <span className="sm-logo-name">{name}</span>
        </span>
      </div>
      <div className="sm-loading" aria-busy="true">
        <Spinner label="Loading" delayed />
      </div>
    </>
  );
}
