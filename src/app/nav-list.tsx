import { NavLink } from 'react-router';
import type { Theme } from '@mui/material/styles';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { focusRing } from '@/components/focus-ring';

const ITEMS = [
  { to: '/profile', label: 'Profile' },
  { to: '/token', label: 'Token' },
  { to: '/requests', label: 'Requests' },
  { to: '/admin-key', label: 'Admin key' },
  { to: '/decode', label: 'JWT decoder' },
];

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
  return (
    <List component="nav" aria-label="Main">
      {ITEMS.map((item) => (
        <ListItemButton key={item.to} component={NavLink} to={item.to} onClick={onNavigate} sx={NAV_ITEM}>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
      <ListItemButton onClick={onSignOut} sx={NAV_ITEM}>
        <ListItemText primary="Sign out" />
      </ListItemButton>
    </List>
  );
}
