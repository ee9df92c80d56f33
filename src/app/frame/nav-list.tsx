import { useContext } from 'react';
import { NavLink } from 'react-router';
import type { Theme } from '@mui/material/styles';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { focusRing } from '@/components/focus-ring';
import { NavItemsContext } from './nav-items';

// The current screen's item is filled and marked with a bar; the item with keyboard focus is ringed. Either can
// be seen without the other, and the one item that is both shows both.
const NAV_ITEM = {
  '&.active': {
    bgcolor: 'action.selected',
    fontWeight: 600,
    boxShadow: (t: Theme) => `inset 4px 0 0 ${t.vars?.palette.primary.main ?? t.palette.primary.main}`,
  },
  '&.Mui-focusVisible': (t: Theme) => focusRing(t),
} as const;

export function NavList({ onNavigate, onSignOut }: { onNavigate?: () => void; onSignOut: () => void }) {
  const items = useContext(NavItemsContext);
  return (
    <List component="nav" aria-label="Main">
      {items.map((item) => (
        <ListItemButton key={item.path} component={NavLink} to={item.path} onClick={onNavigate} sx={NAV_ITEM}>
          <ListItemText primary={item.nav} />
        </ListItemButton>
      ))}
      <ListItemButton onClick={onSignOut} sx={NAV_ITEM}>
        <ListItemText primary="Sign out" />
      </ListItemButton>
    </List>
  );
}
