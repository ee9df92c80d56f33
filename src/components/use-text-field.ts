import { useState, type ChangeEvent } from 'react';

/** A text field's text and its error: the error stands until the text is edited. */
export function useTextField(initial = '') {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  /** What a TextInput takes to show the text and its error. */
  const field = {
    value: text,
    error,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setText(event.target.value);
      setError(undefined);
    },
  };
  return { text, setText, error, setError, field };
}
