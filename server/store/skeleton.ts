/**
 * Letters of other scripts (and a few ASCII characters) that look like a Latin letter or digit, taken from the
 * Unicode confusables data (UTS #39). Compatibility forms (fullwidth, mathematical, circled, ligatures) are not
 * listed: NFKC folds them first. Mapped before lowercasing, because look-alikes differ by case (Cyrillic `В` looks
 * like `B`, its `в` like no Latin letter).
 */
const LOOKALIKES: Record<string, string> = {
  // ASCII: capital I, digit one and vertical bar look like a small l; zero like the letter o.
  I: 'l',
  '1': 'l',
  '|': 'l',
  '0': 'o',
  // Latin letters outside ASCII.
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ǀ: 'l',
  // Cyrillic.
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  г: 'r',
  А: 'A',
  В: 'B',
  Е: 'E',
  З: '3',
  І: 'l',
  Ј: 'J',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Ѕ: 'S',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  Ү: 'Y',
  Ӏ: 'l',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ь: 'b',
  // Greek.
  α: 'a',
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  ι: 'i',
  κ: 'k',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ϲ: 'c',
  ϳ: 'j',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'l',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  Ϲ: 'C',
  Ϳ: 'J',
  // Armenian.
  օ: 'o',
  ս: 'u',
  ց: 'g',
  հ: 'h',
  ո: 'n',
  զ: 'q',
  Օ: 'O',
  Ս: 'U',
  // Cherokee capitals.
  Ꭺ: 'A',
  Ᏼ: 'B',
  Ꮯ: 'C',
  Ꭰ: 'D',
  Ꭼ: 'E',
  Ꮐ: 'G',
  Ꮋ: 'H',
  Ꭻ: 'J',
  Ꮶ: 'K',
  Ꮮ: 'L',
  Ꮇ: 'M',
  Ꮲ: 'P',
  Ꮢ: 'R',
  Ꮪ: 'S',
  Ꭲ: 'T',
  Ꮩ: 'V',
  Ꮃ: 'W',
  Ꮓ: 'Z',
};

/** Letter pairs that read as one letter at a glance (`rn` as `m`), after lowercasing. */
const PAIRS: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

const INVISIBLE_OR_MARK = /[\p{Default_Ignorable_Code_Point}\p{M}]/gu;

/**
 * The confusable skeleton of an identifier, in the spirit of UTS #39 but coarser: two texts with the same skeleton
 * look alike to a person. NFKC folds compatibility forms (fullwidth `ｊ`, mathematical `𝐣`); invisible
 * (default-ignorable) characters and all combining marks go (`jdoé` reads as `jdoe`); look-alikes of other
 * scripts become the Latin letter; case goes last, as identifiers ignore it.
 *
 * The `confusables` npm package is not used: it maps to English letters only, keeps case apart, misses ASCII
 * pairs (`I`/`l`/`1`, `0`/`O`, `rn`/`m`) and maps distinct Cyrillic letters together (`п` and `л` both to `n`),
 * which would refuse honest names in that script.
 */
export function skeleton(text: string): string {
  const mapped = lookalikesMapped(bare(text.normalize('NFKC')));
  // Upper then lower: a full case fold for what matters here (`ß` → `ss`); mapped again for the lower-case forms.
  let folded = lookalikesMapped(bare(mapped.toUpperCase().toLowerCase()));
  for (const [pair, letter] of PAIRS) folded = folded.replace(pair, letter);
  return folded;
}

/**
 * The skeletons a text is known by: as written and as lower case. Identifiers ignore case, yet the capital `I` of
 * a name as written looks like `l`; two texts are confusable when they share a skeleton.
 */
export function skeletons(text: string): string[] {
  return [...new Set([skeleton(text), skeleton(text.toLowerCase())])];
}

function bare(text: string): string {
  return text.normalize('NFD').replace(INVISIBLE_OR_MARK, '');
}

function lookalikesMapped(text: string): string {
  let mapped = '';
  for (const char of text) mapped += LOOKALIKES[char] ?? char;
  return mapped;
}
