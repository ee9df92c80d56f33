import { describe, expect, it } from 'vitest';
import { MASKED_SECRET } from '@contract/secret-fields';
import { maskTemplateBody } from './mask-template-body';

describe('maskTemplateBody', () => {
  it('keeps a body whose secret names hold only a variable’s name, as written', () => {
    const body = '{"Password": "{{password}}", "ID": {{id}}}';
    expect(maskTemplateBody(body)).toEqual({ text: body, masked: false });
  });

  it('masks a secret value and keeps each reference outside a string where it stood', () => {
    const masked = maskTemplateBody('{"Password": "hunter2", "ID": {{id}}, "Key": {{key}}}');
    expect(masked.masked).toBe(true);
    expect(masked.text).not.toContain('hunter2');
    expect(masked.text).toContain('"Key": {{key}}');
    expect(JSON.parse(masked.text.replace('{{id}}', '1').replace('{{key}}', '2'))).toEqual({
      Password: MASKED_SECRET,
      ID: 1,
      Key: 2,
    });
  });
});
