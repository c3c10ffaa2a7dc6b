import { LogoMark } from './AppLogo';
import { useAppName } from './appName';
import { Spinner } from './ui';

/**
 * A whole-screen wait (plain: no MUI): the logo and app name where the app bar will be, and a
 * centred spinner. The header is the one index.html paints before any script (keep the two the
 * same), so the screen is not blank, and does not change, while a signed-in page's code still
 * loads. The spinner only shows if the wait lasts.
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
