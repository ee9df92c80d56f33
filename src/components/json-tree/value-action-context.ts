import { createContext } from 'react';

/** What a tree offers on a value that is not a container, beside its copy (the answer's "use as variable"). */
export interface ValueAction {
  /** The button's text; its accessible name adds the value's path (`Use as variable: UID`). */
  label: string;
  /** `text` is the value as plain text (a string without its JSON quotes); `name` its key or index. */
  act: (text: string, name: string | number | null, path: string) => void;
}

export const ValueActionContext = createContext<ValueAction | null>(null);
