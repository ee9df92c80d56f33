import { createTheme } from '@mui/material/styles';

/** Light and dark schemes; the mode follows the system until the person picks one. */
export const theme = createTheme({
  colorSchemes: { light: true, dark: true },
  cssVariables: { colorSchemeSelector: 'class' },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: false } },
  },
});
