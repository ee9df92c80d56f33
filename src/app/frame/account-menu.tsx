import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { TOKEN_PATH } from '@/lib/routes';
import { SIGN_IN_METHOD_LABELS, type Session } from '@/session/session';

/** The signed-in identity in the app bar, opening a menu with the token and sign-out. */
export function AccountMenu({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'account-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', maxWidth: { xs: 120, sm: 280 } }}
        title={`${session.username} (${SIGN_IN_METHOD_LABELS[session.method]})`}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {session.username}
        </span>
      </Button>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-label': `Account of ${session.username}` } }}
      >
        {/* The app bar may cut the name short (at 360 px it must): here it is whole, and readable, not greyed. */}
        <MenuItem disabled sx={{ display: 'block', maxWidth: 320, '&.Mui-disabled': { opacity: 1 } }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
            {session.username}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Signed in with {SIGN_IN_METHOD_LABELS[session.method].toLowerCase()}
          </Typography>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void navigate(TOKEN_PATH);
          }}
        >
          Token details
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
