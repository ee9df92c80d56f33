import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '@/session/session';
import { jsonReply, stubFetch } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { useRequestFormStore } from '../form/form-store';
import { useHistoryStore } from '../history/history-store';
import { EMPTY_FORM } from '../form/request-form';
import { signInForTest } from '@/testing/session';

let session: Session;

// The lazy screen's first load compiles MUI and the catalog: done once, before the tests, on a busy machine.
const SCREEN_LOADS = { timeout: 10_000 };
beforeAll(() => Promise.all([import('@/app/frame/signed-in-layout'), import('./requests-page')]), 60_000);

beforeEach(() => {
  useRequestFormStore.getState().load(EMPTY_FORM);
  useHistoryStore.getState().clear();
  session = signInForTest();
});

describe('the Requests screen', { timeout: 40_000 }, () => {
  it('refuses a malformed body before sending, naming its line and column', async () => {
    const { sent } = stubFetch(() => jsonReply({}));
    const { user } = renderRoute('/requests');
    await user.selectOptions(await screen.findByLabelText('Method', {}, SCREEN_LOADS), 'POST');
    const path = screen.getByLabelText('Path');
    await user.clear(path);
    await user.type(path, 'people');
    await user.click(screen.getByLabelText('JSON body'));
    await user.paste('{\n  "FirstName": "Ann",\n}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByLabelText('JSON body')).toHaveAccessibleDescription(
      'Not valid JSON at line 3, column 1: expected a property name in double quotes, unexpected "}".',
    );
    expect(sent).toEqual([]);
    expect(useHistoryStore.getState().entries).toEqual([]);
  });

  it('sends with Ctrl+Enter and shows the answer; at 0 calls left Send waits for the reset and sends nothing', async () => {
    const reset = new Date(Date.now() + 30_000).toUTCString();
    const { sent } = stubFetch(() =>
      jsonReply({ UserName: 'jdoe@example.edu' }, 200, {
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': reset,
        Date: new Date().toUTCString(),
      }),
    );
    const { user } = renderRoute('/requests');
    await user.click(await screen.findByLabelText('Path', {}, SCREEN_LOADS));
    await user.keyboard('{Control>}{Enter}{/Control}');
    const answer = screen.getByRole('region', { name: 'Answer' });
    expect(await within(answer).findByRole('tree', { name: 'Response body' })).toHaveTextContent(
      'UserName: "jdoe@example.edu"',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/TDWebApi/api/auth/getuser', method: 'GET' });
    expect(sent[0]!.headers.Authorization).toBe(`Bearer ${session.token}`);

    const waiting = await screen.findByRole('button', { name: /^Send \(wait \d+ s\)$/ });
    expect(waiting).toBeDisabled();
    await user.click(screen.getByLabelText('Path'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(sent).toHaveLength(1);
    expect(useHistoryStore.getState().entries).toHaveLength(1);
  });

  it('names an unreachable server, and keeps the request in the history as unanswered', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderRoute('/requests');
    await user.click(await screen.findByRole('button', { name: 'Send' }, SCREEN_LOADS));
    const answer = screen.getByRole('region', { name: 'Answer' });
    expect(await within(answer).findByRole('alert')).toHaveTextContent(
      'The server at http://localhost:3000 cannot be reached. Check that it is running.',
    );
    expect(useHistoryStore.getState().entries.map((e) => e.status)).toEqual([null]);
    expect(screen.getByRole('region', { name: 'History' })).toHaveTextContent('No answer');
  });
});
