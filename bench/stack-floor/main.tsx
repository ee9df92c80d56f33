// The stack floor: the console's libraries (React, React Router, TanStack Query, zustand, jwt-decode, MUI with
// the same theme setup and the components its sign-in page renders) with next to no code of its own, built into
// one bundle by the benchmark. What the console's first page loads beyond this is the console's own cost.
import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { jwtDecode } from 'jwt-decode';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CssBaseline from '@mui/material/CssBaseline';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { ThemeProvider, createTheme } from '@mui/material/styles';

const theme = createTheme({
  colorSchemes: { light: true, dark: true },
  cssVariables: { colorSchemeSelector: 'class' },
});

const useStore = create<{ token: string | null; setToken: (token: string) => void }>()(
  persist((set) => ({ token: null, setToken: (token) => set({ token }) }), {
    name: 'stack-floor',
    storage: createJSONStorage(() => sessionStorage),
  }),
);

function SignIn() {
  const token = useStore((s) => s.token);
  const [name, setName] = useState('');
  const [keep, setKeep] = useState(false);
  const healthz = useQuery({ queryKey: ['healthz'], queryFn: () => fetch('/healthz').then((r) => r.json()) });
  const login = useMutation({
    mutationFn: (username: string) =>
      fetch('/TDWebApi/api/auth', { method: 'POST', body: JSON.stringify({ username }) }).then((r) =>
        r.text(),
      ),
    onSuccess: (text) => useStore.getState().setToken(String(jwtDecode(text).exp)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(name);
  };
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center' }}>
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography component="h1" variant="h4">
          Sign in
        </Typography>
        {token && <Alert severity="info">{token}</Alert>}
        {healthz.isError && <Alert severity="error">Unreachable</Alert>}
        <Box component="form" onSubmit={submit}>
          <FormControl fullWidth>
            <InputLabel htmlFor="connection">Connection</InputLabel>
            <NativeSelect input={<OutlinedInput label="Connection" />} id="connection">
              <option>Emulator</option>
            </NativeSelect>
          </FormControl>
          <FormControl fullWidth error={name === ''}>
            <InputLabel htmlFor="name">User name</InputLabel>
            <OutlinedInput
              id="name"
              label="User name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <FormHelperText>Required</FormHelperText>
          </FormControl>
          <FormControl>
            <FormLabel>Endpoint</FormLabel>
            <RadioGroup defaultValue="a">
              <FormControlLabel value="a" control={<Radio />} label="A" />
            </RadioGroup>
          </FormControl>
          <FormControlLabel
            control={<Checkbox checked={keep} onChange={(e) => setKeep(e.target.checked)} />}
            label="Memory only"
          />
          <Button type="submit" variant="contained" fullWidth>
            Sign in
          </Button>
        </Box>
        <Divider />
        <Link href="/sso">SSO</Link>
      </Paper>
    </Box>
  );
}

const router = createBrowserRouter([
  { path: '/sign-in', element: <SignIn /> },
  { path: '*', element: <Navigate to="/sign-in" replace /> },
]);
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme} defaultMode="system">
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
