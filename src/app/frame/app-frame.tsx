import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { MenuIcon } from '@/components/icons';
import { useSessionStore } from '@/session/stores/session-store';
import { AccountMenu } from './account-menu';
import { ColorModeToggle } from './color-mode-toggle';
import { ConnectionBadge } from './connection-badge';
import { CountdownChip } from './countdown-chip';
import { NavList } from './nav-list';
import { NoticeBar } from '../notices/notice-bar';
import { SessionWarning } from '../notices/session-warning';
import { signOutOfConsole } from './sign-out';

const DRAWER_WIDTH = 220;
/** Below md the connection has a row of its own under the toolbar: there it has room to be named. */
const CONNECTION_ROW_HEIGHT = 36;

/** The signed-in frame: app bar with countdown and identity, navigation, and the screen. */
export function AppFrame({ children }: { children: ReactNode }) {
  const session = useSessionStore((s) => s.session);
  const [open, setOpen] = useState(false);
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'), { noSsr: true });
  // The open drawer is a modal that hides the rest of the app from screen readers (aria-hidden on #root): once the
  // window is wide enough for the navigation beside the screen, it closes, as it is no longer shown.
  if (wide && open) setOpen(false);
  if (!session) return null;
  const signOut = () => signOutOfConsole(session);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            onClick={() => setOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            component="p"
            variant="h6"
            noWrap
            sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }}
          >
            Auth Console
          </Typography>
          {wide && <ConnectionBadge connection={session.connection} />}
          <Box sx={{ flexGrow: { xs: 1, sm: 0 } }}>
            <CountdownChip />
          </Box>
          <AccountMenu session={session} onSignOut={signOut} />
          <ColorModeToggle />
        </Toolbar>
        {!wide && (
          <Box
            sx={{
              height: CONNECTION_ROW_HEIGHT,
              display: 'flex',
              alignItems: 'center',
              px: { xs: 2, sm: 3 },
              borderTop: '1px solid rgba(255, 255, 255, 0.24)',
            }}
          >
            <ConnectionBadge connection={session.connection} />
          </Box>
        )}
      </AppBar>
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => setOpen(false)}
        // The open drawer is a modal dialog: it needs a name of its own, and must sit above the app bar (raised
        // over the permanent drawer), which would otherwise cover its first items.
        slotProps={{ paper: { 'aria-label': 'Navigation' } }}
        sx={{
          display: { md: 'none' },
          zIndex: (t) => t.zIndex.modal,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH },
        }}
      >
        <NavList onNavigate={() => setOpen(false)} onSignOut={signOut} />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <NavList onSignOut={signOut} />
      </Drawer>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: 'none' }}
      >
        <Toolbar />
        {!wide && <Box sx={{ height: CONNECTION_ROW_HEIGHT }} />}
        <SessionWarning />
        {children}
      </Box>
      <NoticeBar />
    </Box>
  );
}
