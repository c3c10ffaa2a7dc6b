// A class page's header and its tabs (Chat, Activities, People, Settings) with the open tab's panel.
// Two layouts (docs/channels.md#laptops): the full one — the class's name as a large heading,
// its course line, the tabs below, the panel in a padded card — and, in the Chat tab on a laptop,
// the condensed one that gives the conversation the screen: one line with the name, the role and the
// tabs, and the chat filling the rest of the window (`FILL_SCREEN_CLASS`, shell/appBar.css), so that
// nothing scrolls but the message list.
import { lazy, Suspense, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { CLASS_ARCHIVED_MESSAGE, can, type Class } from '@seminar/shared';
import { Link as RouterLink } from 'react-router';
import { CLASS_TABS, classPath, type ClassTab } from '../../routes/paths';
import { visuallyHidden } from '../chat/a11y';
import { ChatPanel } from '../chat/ChatPanel';
import { mentionWords } from '../chat/unread';
import { classSubtitle, roleLabel } from './classText';

/**
 * The class name of a page that fills the window below the app bar: the main area then has the
 * window's height and lays its content out as a column (shell/appBar.css), instead of growing with it.
 */
export const FILL_SCREEN_CLASS = 'sm-fill-screen';

/** The condensed header's height: the tabs' row (MUI's 48 px tabs, made 40 px high here). */
export const CONDENSED_HEADER_HEIGHT = 40;

// The chat tab is what a class page opens on; the other tabs' code loads when one is opened.
const ActivitiesPanel = lazy(() =>
  import('../activities/ActivitiesPanel').then((module) => ({ default: module.ActivitiesPanel })),
);
const PeoplePanel = lazy(() =>
  import('../people/PeoplePanel').then((module) => ({ default: module.PeoplePanel })),
);
const ClassSettingsPanel = lazy(() =>
  import('./ClassSettingsPanel').then((module) => ({ default: module.ClassSettingsPanel })),
);

export const TAB_LABELS: Record<ClassTab, string> = {
  chat: 'Chat',
  activities: 'Activities',
  people: 'People',
  settings: 'Settings',
};

/** The role and the class's marks (demo, public, archived) as small chips. */
function ClassChips({ cls }: { cls: Class }) {
  return (
    <>
      {cls.my_role && <Chip size="small" label={roleLabel(cls.my_role)} />}
      {cls.is_demo && <Chip size="small" color="secondary" label="Demo" />}
      {cls.is_public && <Chip size="small" variant="outlined" label="Public" />}
      {cls.archived_at !== null && <Chip size="small" variant="outlined" label="Archived" />}
    </>
  );
}

/** The full header: the name as a large heading with the chips, the course line below. */
export function ClassHeader({ cls }: { cls: Class }) {
  const subtitle = classSubtitle(cls);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
          {cls.name}
        </Typography>
        <ClassChips cls={cls} />
      </Stack>
      {subtitle && <Typography sx={{ color: 'text.secondary' }}>{subtitle}</Typography>}
    </Stack>
  );
}

/**
 * The condensed header's left part, on the tabs' line: the name (cut with "…" when the line is
 * short; the page's title and the class selector carry it whole), the chips, then the course line,
 * which gives way first.
 */
function CondensedClassHeader({ cls }: { cls: Class }) {
  const subtitle = classSubtitle(cls);
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '1 1 auto', minWidth: 0, pr: 2 }}
    >
      <Typography
        component="h1"
        variant="h6"
        noWrap
        title={cls.name}
        sx={{ flex: '0 1 auto', minWidth: '4em', lineHeight: 1.3 }}
      >
        {cls.name}
      </Typography>
      <ClassChips cls={cls} />
      {subtitle && (
        <Typography
          variant="body2"
          noWrap
          sx={{ color: 'text.secondary', flex: '0 1000 auto', minWidth: 0 }}
        >
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Whether a tab had focus when the tabs last unmounted. Going from the Chat tab to another on a
 * laptop swaps the condensed layout for the full one, which mounts the tabs anew: the new selected
 * tab then takes the focus back, as it keeps it when the layout stays.
 */
let tabHadFocus = false;

export function ClassTabs({
  cls,
  tab,
  manager,
  mentions,
  condensed = false,
}: {
  cls: Class;
  tab: ClassTab;
  manager: boolean;
  /** Unread mentions of the viewer in the class's channels (a badge on the Chat tab). */
  mentions: number;
  /** The Chat tab on a laptop: header and tabs on one line, the chat filling the window. */
  condensed?: boolean;
}) {
  const baseId = useId();
  const tabs = CLASS_TABS.filter((name) => name !== 'settings' || manager);
  const tabId = (name: ClassTab) => `${baseId}-tab-${name}`;
  const panelId = (name: ClassTab) => `${baseId}-panel-${name}`;
  const listRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (tabHadFocus && lost)
      list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    tabHadFocus = false;
    return () => {
      tabHadFocus = list?.contains(document.activeElement) ?? false;
    };
  }, []);
  const tabList = (
    <Tabs
      ref={listRef}
      value={tab}
      aria-label="Class sections"
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={
        condensed
          ? {
              flexShrink: 0,
              // On the paper colour, as in the full header: the selected tab's primary blue on the
              // page's grey background is 4.4:1, under the 4.5:1 that text needs (axe).
              bgcolor: 'background.paper',
              minHeight: CONDENSED_HEADER_HEIGHT,
              '& .MuiTab-root': { minHeight: CONDENSED_HEADER_HEIGHT, py: 1 },
            }
          : { borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }
      }
    >
      {tabs.map((name) => (
        <Tab
          key={name}
          value={name}
          label={
            name === 'chat' && mentions > 0 ? (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {TAB_LABELS[name]}
                <Badge
                  color="warning"
                  badgeContent={`@${mentions > 99 ? '99+' : mentions}`}
                  data-testid="class-mention-badge"
                  sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                  slotProps={{ badge: { 'aria-hidden': true } }}
                >
                  <span style={visuallyHidden}>, {mentionWords(mentions)}</span>
                </Badge>
              </Box>
            ) : (
              TAB_LABELS[name]
            )
          }
          id={tabId(name)}
          aria-controls={panelId(name)}
          component={RouterLink}
          to={classPath(cls.class_id, name)}
          // A tab is a link (its section has an address): Space opens it too, as on any tab.
          onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
            if (event.key !== ' ') return;
            event.preventDefault();
            event.currentTarget.click();
          }}
        />
      ))}
    </Tabs>
  );
  const chat =
    tab === 'chat' ? (
      <ChatPanel
        classId={cls.class_id}
        canManage={can(cls.my_role, 'channels.manage') && cls.archived_at === null}
        readOnlyNote={cls.archived_at !== null ? CLASS_ARCHIVED_MESSAGE : null}
        fill={condensed}
      />
    ) : null;

  if (condensed) {
    return (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0, minWidth: 0 }}>
          <CondensedClassHeader cls={cls} />
          {tabList}
        </Box>
        {/* The panel takes the rest of the window; only the message list inside it scrolls. */}
        <Paper
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          variant="outlined"
          sx={{
            flex: 1,
            minHeight: 0,
            display: 'flex',
            flexDirection: 'column',
            bgcolor: 'background.paper',
            borderBottom: 0,
            borderBottomLeftRadius: 0,
            borderBottomRightRadius: 0,
          }}
        >
          {chat}
        </Paper>
      </>
    );
  }

  return (
    <>
      {tabList}
      <Paper
        role="tabpanel"
        id={panelId(tab)}
        aria-labelledby={tabId(tab)}
        variant="outlined"
        sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'background.paper' }}
      >
        {chat}
        <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
          {tab === 'activities' && <ActivitiesPanel cls={cls} />}
          {tab === 'people' && <PeoplePanel cls={cls} />}
          {tab === 'settings' && <ClassSettingsPanel cls={cls} />}
        </Suspense>
      </Paper>
    </>
  );
}
