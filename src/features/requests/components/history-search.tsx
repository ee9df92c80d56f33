import { useId, type Ref } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { TextInput } from '@/components/text-input';
import { API_METHODS, isApiMethod } from '@contract/web-api/methods';
import type { HistorySearch } from '../history/search-history';

/**
 * History's search: by method (labelled _Verb_, as the form's field is _Method_), status and text (the path, the
 * body, the kept answer).
 */
export function HistorySearchFields({
  search,
  onChange,
  textRef,
}: {
  search: HistorySearch;
  onChange: (search: HistorySearch) => void;
  /** The text field: where the library puts focus. */
  textRef?: Ref<HTMLInputElement>;
}) {
  const methodId = useId();
  return (
    <Box role="search" aria-label="Search the history" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <FormControl sx={{ width: 120 }}>
        <InputLabel htmlFor={methodId}>Verb</InputLabel>
        <NativeSelect
          id={methodId}
          value={search.method}
          onChange={(e) =>
            onChange({ ...search, method: isApiMethod(e.target.value) ? e.target.value : 'any' })
          }
          input={<OutlinedInput label="Verb" />}
        >
          <option value="any">Any</option>
          {API_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      <Box sx={{ width: 130 }}>
        <TextInput
          label="Status"
          value={search.status}
          onChange={(e) => onChange({ ...search, status: e.target.value })}
          hint="404, 4xx or none"
        />
      </Box>
      <Box sx={{ flex: '1 1 200px' }}>
        <TextInput
          label="Path, body or answer text"
          inputProps={{ ref: textRef }}
          value={search.text}
          onChange={(e) => onChange({ ...search, text: e.target.value })}
        />
      </Box>
    </Box>
  );
}
