import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, FORM_LIMITS } from '../form/request-form';
import { NOTES_LISTED, pasteCurl, pasteTarget } from './paste-into-form';

const BASES = { own: 'https://a.example/TDWebApi', accepted: ['https://a.example/TDWebApi'] };

describe('pasteCurl', () => {
  it(`lists each note once, at most ${NOTES_LISTED} of them, and counts the rest`, () => {
    const options = Array.from({ length: 5_000 }, (_, i) => `--odd-${i} -H 'X-Same: 1'`).join(' ');
    const pasted = pasteCurl(`curl ${options} https://a.example/TDWebApi/api/x`, BASES);
    if (!pasted.ok) throw new Error(pasted.message);
    expect(pasted.notes).toEqual([
      'Read with bash quoting.',
      'The header X-Same was left out: the console sends only its own headers.',
      ...Array.from({ length: NOTES_LISTED - 1 }, (_, i) => `Not read: --odd-${i}.`),
      `And ${5_000 - NOTES_LISTED + 1} more notes like these.`,
    ]);
  });

  it(`fills up to ${FORM_LIMITS.queryRows} query rows and refuses more, from the URL and -G data together`, () => {
    const params = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `p${from + i}=v`).join('&');
    const url = (n: number) => `https://a.example/TDWebApi/api/x?${params(n)}`;
    const atLimit = pasteCurl(`curl -G -d '${params(50, 50)}' '${url(50)}'`, BASES);
    expect(atLimit.ok && atLimit.form.query.length).toBe(FORM_LIMITS.queryRows);
    expect(pasteCurl(`curl -G -d '${params(51, 50)}' '${url(50)}'`, BASES)).toEqual({
      ok: false,
      message: `The command has more than ${FORM_LIMITS.queryRows} query parameters, the most the form holds: nothing was filled in.`,
    });
  });
});

describe('pasteTarget', () => {
  it(`refuses a URL with more than ${FORM_LIMITS.queryRows} query parameters or ${FORM_LIMITS.pathParameters} path parameters`, () => {
    const query = Array.from({ length: 20_000 }, (_, i) => `p${i}=v`).join('&');
    expect(pasteTarget(EMPTY_FORM, `/api/x?${query}`, BASES)).toEqual({
      ok: false,
      message: `That has more than ${FORM_LIMITS.queryRows} query parameters, the most the form holds: nothing was filled in.`,
    });
    const path = Array.from({ length: FORM_LIMITS.pathParameters + 1 }, (_, i) => `{p${i}}`).join('/');
    expect(pasteTarget(EMPTY_FORM, `/api/${path}`, BASES)).toEqual({
      ok: false,
      message: `That has more than ${FORM_LIMITS.pathParameters} path parameters, the most the form holds: nothing was filled in.`,
    });
  });
});
