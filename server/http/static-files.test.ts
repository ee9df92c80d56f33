import { describe, expect, it } from 'vitest';
import type { ConnectionsAnswer } from '../../contract/wire.ts';
import { notBuiltPage, withConnections } from './static-files.ts';

describe('the page in place of a console not yet built', () => {
  it('says how to build it, and where the emulator API is when the emulator runs', () => {
    const page = notBuiltPage(true);
    expect(page).toContain('npm run build');
    expect(page).toContain('/TDWebApi/api/');
  });

  it('names no emulator API when the emulator is off (nothing answers there)', () => {
    const page = notBuiltPage(false);
    expect(page).toContain('npm run build');
    expect(page).not.toMatch(/emulator|TDWebApi/i);
  });
});

describe('index.html with the connection list', () => {
  const listing: ConnectionsAnswer = { emulator: true, default: 'emulator', tenants: [] };

  it('writes the list as a JSON data block at the end of the head', () => {
    expect(withConnections('<html><head><title>t</title></head><body></body></html>', listing)).toBe(
      `<html><head><title>t</title><script type="application/json" id="connections">${JSON.stringify(listing)}</script></head><body></body></html>`,
    );
  });

  it('writes every < as \\u003c, which reads back as the same text', () => {
    const tenant = {
      name: 'acme',
      label: '</SCRIPT><!--<script>',
      base: '/relay/acme',
      upstream: 'https://acme.teamdynamix.com/TDWebApi',
      organization: 'acme',
    };
    const page = withConnections('<head></head>', { ...listing, tenants: [tenant] });
    const open = '<script type="application/json" id="connections">';
    expect(page.startsWith(`<head>${open}`)).toBe(true);
    const json = page.slice(`<head>${open}`.length, page.lastIndexOf('</script></head>'));
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/SCRIPT>\\u003c!--\\u003cscript>');
    expect(JSON.parse(json)).toEqual({ ...listing, tenants: [tenant] });
  });

  it('leaves a page without a head as it is: the console then asks for the list', () => {
    expect(withConnections('<p>no head</p>', listing)).toBe('<p>no head</p>');
  });
});
