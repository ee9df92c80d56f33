import { describe, expect, it } from 'vitest';
import { EMULATOR, EMULATOR_SANDBOX, type Connection } from '@/lib/connection';
import { helpBase, helpUrl, PUBLIC_HELP_BASE } from './help-url';

const tenant = (upstream: string): Connection => ({
  id: 'acme',
  label: 'Acme',
  baseUrl: '/relay/acme',
  upstream,
  organization: 'acme',
});

describe('the Web API help of an operation', () => {
  it('is at the tenant’s own base, production or sandbox', () => {
    expect(helpBase(tenant('https://acme.teamdynamix.com/TDWebApi'))).toBe(
      'https://acme.teamdynamix.com/TDWebApi',
    );
    expect(helpBase(tenant('https://acme.teamdynamix.com/SBTDWebApi/'))).toBe(
      'https://acme.teamdynamix.com/SBTDWebApi',
    );
  });

  it('is the public help for this server’s emulator', () => {
    expect(PUBLIC_HELP_BASE).toBe('https://api.teamdynamix.com/TDWebApi');
    expect(helpBase(EMULATOR)).toBe(PUBLIC_HELP_BASE);
    expect(helpBase(EMULATOR_SANDBOX)).toBe(PUBLIC_HELP_BASE);
  });

  it('names the area’s section without spaces, at the operation’s anchor', () => {
    expect(
      helpUrl('https://acme.teamdynamix.com/TDWebApi', {
        area: 'Tickets',
        method: 'GET',
        path: '/api/{appId}/tickets/{id}',
      }),
    ).toBe('https://acme.teamdynamix.com/TDWebApi/Home/section/Tickets#GETapi/{appId}/tickets/{id}');
    expect(
      helpUrl(PUBLIC_HELP_BASE, {
        area: 'Ticket Priorities',
        method: 'GET',
        path: '/api/{appId}/tickets/priorities',
      }),
    ).toBe(
      'https://api.teamdynamix.com/TDWebApi/Home/section/TicketPriorities#GETapi/{appId}/tickets/priorities',
    );
  });
});
