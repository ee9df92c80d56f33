import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useNoticeStore } from './notice-store';

/** Shows the oldest pending notice; each stays until dismissed or replaced. */
export function NoticeBar() {
  const notice = useNoticeStore((s) => s.notices[0]);
  const dismiss = useNoticeStore((s) => s.dismiss);
  if (!notice) return null;
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={() => dismiss(notice.id)}
    >
      <Alert severity={notice.severity} onClose={() => dismiss(notice.id)} variant="filled" role="alert">
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
