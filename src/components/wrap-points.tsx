import { Fragment } from 'react';

/** After these a path, URL or claim name may go on to the next line: its own separators. */
const AFTER = /(?<=[/._?&=])/;

/**
 * Text that wraps only at its own separators (after `/`, `.`, `_`, `?`, `&`, `=`), never inside a word: each piece
 * is followed by a `<wbr>`. Meant with `overflow-wrap: break-word`, which still breaks a piece too long for the
 * whole line, while `anywhere` would let a table squeeze a column until every name breaks mid-word.
 */
export function WrapPoints({ text }: { text: string }) {
  const pieces = text.split(AFTER);
  return pieces.map((piece, i) => (
    <Fragment key={i}>
      {piece}
      {i < pieces.length - 1 && <wbr />}
    </Fragment>
  ));
}
