import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useFocusOnceShown } from './use-focus-once-shown';

export interface TextInputProps extends Pick<
  OutlinedInputProps,
  | 'name'
  | 'type'
  | 'autoComplete'
  | 'autoFocus'
  | 'required'
  | 'value'
  | 'onChange'
  | 'endAdornment'
  | 'startAdornment'
  | 'multiline'
  | 'minRows'
  | 'maxRows'
  | 'inputProps'
  | 'inputRef'
> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/**
 * A labelled outlined text field with its error or hint, like MUI's TextField but without the Select machinery
 * TextField always brings along, which keeps the sign-in page small. `autoFocus` focuses it once it is on screen
 * (`useFocusOnceShown`), not before its first frame.
 */
export function TextInput({ label, error, hint, required, autoFocus = false, ...input }: TextInputProps) {
  const id = useId();
  const inputRef = useFocusOnceShown<HTMLElement>(autoFocus);
  const helperId = `${id}-helper`;
  const helper = error ?? hint;
  return (
    <FormControl variant="outlined" fullWidth error={Boolean(error)} required={required}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        aria-describedby={helper ? helperId : undefined}
        inputRef={inputRef}
        {...input}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}
