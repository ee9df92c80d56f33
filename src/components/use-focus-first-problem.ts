import { useEffect, useRef, useState } from 'react';

/**
 * After a failed submit, focus goes to the first invalid field of the form (`formRef`) or, when every field is
 * valid, to the error message (`errorRef`, an ErrorNotice), once the render that shows them is done: a keyboard
 * or screen-reader user lands on what to fix.
 */
export function useFocusFirstProblem() {
  const formRef = useRef<HTMLElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked === 0) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? errorRef.current)?.focus();
  }, [asked]);
  return { formRef, errorRef, focusFirstProblem: () => setAsked((n) => n + 1) };
}
