import { NavLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';

const ITEMS = [
  { to: '/profile', label: 'Profile' },
  { to: '/token', label: 'Token' },
  { to: '/requests', label: 'Requests' },
  { to: '/admin-key', label: 'Admin key' },
  { to: '/decode', label: 'JWT decoder' },
];

export function NavList({ onNavigate, onSignOut }: { onNavigate?: () => void; onSignOut: () => void }) {
  return (
    <List component="nav" aria-label="Main">
      {ITEMS.map((item) => (
        <ListItemButton
          key={item.to}
          component={NavLink}
          to={item.to}
          onClick={onNavigate}
          sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
        >
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
      <ListItemButton onClick={onSignOut}>
        <ListItemText primary="Sign out" />
      </ListItemButton>
    </List>
  );
}
