// The colour mode control: an icon button opening a menu of Light / Dark / System. The button is
// plain (no MUI) because the signed-out pages show it; the menu (MUI, ColorModeMenu.tsx) loads when
// the button is first pointed at, focused or used.
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import type { ColorMode } from '@seminar/shared';
import { ColorModeIcon } from './colorModeIcons';
import { useColorMode } from './ColorModeProvider';

const loadMenu = () => import('./ColorModeMenu');
const ColorModeMenu = lazy(() => loadMenu().then((module) => ({ default: module.ColorModeMenu })));

export function ColorModeControl() {
  const { mode, setMode } = useColorMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;

  const close = () => setAnchor(null);
  const choose = (next: ColorMode) => {
    setMode(next);
    close();
  };
  const prepare = () => void loadMenu();

  return (
    <>
      <button
        type="button"
        className="sm-icon-button"
        id={buttonId}
        aria-label="Colour mode"
        title="Colour mode"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open ? 'true' : undefined}
        onPointerEnter={prepare}
        onFocus={prepare}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        <ColorModeIcon mode={mode} />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ColorModeMenu
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            mode={mode}
            onChoose={choose}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
