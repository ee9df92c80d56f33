import { describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '@contract/secret-fields';
import { newQueryParam, type RequestForm } from './request-form';
import { placeholdersLeft } from './placeholders-left';

const form = (change: Partial<RequestForm>): RequestForm => ({
  method: 'POST',
  path: 'people',
  pathValues: {},
  query: [],
  body: '',
  ...change,
});

describe('placeholdersLeft', () => {
  it('finds nothing in a form of data', () => {
    expect(placeholdersLeft(form({ body: '{"Name": "x { y }"}' }))).toBeNull();
  });

  it('refuses the console’s mask in the body and names the field', () => {
    const errors = placeholdersLeft(form({ body: `{"User": {"Password": "${MASKED_SECRET}"}}` }));
    expect(errors?.body).toMatch(/^The body’s User\.Password holds <redacted>, the console’s mark/);
  });

  it('refuses a {{…}} left in a query value, a path value and the path, the mask encoded in the path too', () => {
    const row = newQueryParam('email', '{{email}}');
    const errors = placeholdersLeft(
      form({ path: 'people/{uid}/%3Credacted%3E', pathValues: { uid: '{{x}}' }, query: [row] }),
    );
    expect(errors?.path).toMatch(/^The path holds <redacted>/);
    expect(errors?.pathValues?.uid).toMatch(/^The value of \{uid\} holds a \{\{…\}\}/);
    expect(errors?.query?.[String(row.id)]?.value).toMatch(/^Query parameter 1’s value holds a \{\{…\}\}/);
  });

  it('refuses a placeholder in a body that is not JSON', () => {
    expect(placeholdersLeft(form({ body: 'a={{b}}' }))?.body).toMatch(/^The body holds a \{\{…\}\}/);
  });
});
