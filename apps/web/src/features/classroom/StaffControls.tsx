// Docs: docs/polls.md — the staff's controls in a channel's header: "New poll" (PollDialog.tsx)
// and "Cold-call": "Pick someone" (online students, weighted toward the quiet, on the server) or a
// student chosen by name from the roster (ColdCallMenu.tsx). Icon buttons in the header, not a row
// of their own: the conversation keeps the screen (a phone's 640 px). Plain frame buttons, as the
// header's others (FrameIcon.tsx); the menu, the poll dialog and a refusal's notice are chunks
// loaded on first use, so an instructor's first load carries no more MUI than a student's.
import { lazy, Suspense, useState } from 'react';
import { useClassroomActions } from '../../data/polls';
import { frameClass } from '../chat/channelFrameStyles';
import { FrameIconButton } from '../chat/FrameIcon';

/** Material's HowToVoteOutlined and RecordVoiceOverOutlined paths (24×24). */
const ICONS = {
  poll: 'M18 13h-.68l-2 2h1.91L19 17H5l1.78-2h2.05l-2-2H6l-3 3v4c0 1.1.89 2 1.99 2H19c1.1 0 2-.89 2-2v-4zm1 7H5v-1h14zm-7.66-4.98c.39.39 1.02.39 1.41 0l6.36-6.36c.39-.39.39-1.02 0-1.41L14.16 2.3c-.38-.4-1.01-.4-1.4-.01L6.39 8.66c-.39.39-.39 1.02 0 1.41zm2.12-10.61L17 7.95l-4.95 4.95-3.54-3.54z',
  coldCall:
    'M9 13c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0-6c1.1 0 2 .9 2 2s-.9 2-2 2-2-.9-2-2 .9-2 2-2m0 8c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4m-6 4c.22-.72 3.31-2 6-2 2.7 0 5.8 1.29 6 2zM15.08 7.05c.84 1.18.84 2.71 0 3.89l1.68 1.69c2.02-2.02 2.02-5.07 0-7.27zM20.07 2l-1.63 1.63c2.77 3.02 2.77 7.56 0 10.74L20.07 16c3.9-3.89 3.91-9.95 0-14',
} as const;

const loadColdCallMenu = () => import('./ColdCallMenu');
const ColdCallMenu = lazy(loadColdCallMenu);
const PollDialog = lazy(() =>
  import('./PollDialog').then((module) => ({ default: module.PollDialog })),
);
const StaffNotice = lazy(() => import('./StaffNotice'));

/** Starts loading the cold-call menu the moment before a first click on its button. */
const preloadColdCallMenu = () => void loadColdCallMenu().catch(() => undefined);

export function StaffControls({ classId, channelId }: { classId: string; channelId: string }) {
  const actions = useClassroomActions(classId, channelId);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // The menu is built (its chunk loaded) when first opened.
  const [menuOpened, setMenuOpened] = useState(false);
  const [pollOpen, setPollOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const spot = async (uid?: string) => {
    setMenu(null);
    setError(await actions.spotlight(uid));
  };

  return (
    <>
      <FrameIconButton
        label="New poll"
        icon={ICONS.poll}
        className={frameClass.button}
        title="New poll"
        onClick={() => setPollOpen(true)}
      />
      <FrameIconButton
        label="Cold-call"
        icon={ICONS.coldCall}
        className={frameClass.button}
        title="Cold-call"
        aria-haspopup="menu"
        aria-expanded={menu ? 'true' : undefined}
        onPointerEnter={preloadColdCallMenu}
        onFocus={preloadColdCallMenu}
        onClick={(event) => {
          setMenuOpened(true);
          setMenu(event.currentTarget);
        }}
      />
      {menuOpened ? (
        <Suspense fallback={null}>
          <ColdCallMenu
            classId={classId}
            anchor={menu}
            onClose={() => setMenu(null)}
            onPick={(uid) => void spot(uid)}
          />
        </Suspense>
      ) : null}
      {error !== null ? (
        <Suspense fallback={null}>
          <StaffNotice text={error} onClose={() => setError(null)} />
        </Suspense>
      ) : null}
      {pollOpen ? (
        <Suspense fallback={null}>
          <PollDialog classId={classId} channelId={channelId} onClose={() => setPollOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
