import { screen } from '@testing-library/react';

/** The opened "Show details" of an error notice, as its rows read on screen: name to value. */
export function shownDetails(): Record<string, string> {
  return Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}
