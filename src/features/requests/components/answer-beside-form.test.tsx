import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Session } from '@/session/session';
import { jsonAnswer, stubFetch } from '@/testing/fetch';
import { renderRoute } from '@/testing/render';
import { signInForTest } from '@/testing/session';
import { useRequestFormStore } from '../form/form-store';
import { GET_USER_FORM } from '../form/request-form';
import { useHistoryStore } from '../history/history-store';

// Issue 38 items 5-7 on the screen: links between form and answer, the answer naming its request, Cancel.

const SCREEN_LOADS = { timeout: 10_000 };
beforeAll(() => Promise.all([import('@/app/frame/signed-in-layout'), import('./requests-page')]), 60_000);

let session: Session;
beforeEach(() => {
  useRequestFormStore.getState().load(GET_USER_FORM);
  useHistoryStore.getState().clear();
  session = signInForTest();
});
afterEach(() => vi.restoreAllMocks());

const answerRegion = () => screen.getByRole('region', { name: 'Answer' });

describe('the answer beside the form', { timeout: 40_000 }, () => {
  it('names the request it answers, and says so once the form describes another', async () => {
    stubFetch(() => jsonAnswer({ UserName: 'jdoe@example.edu' }));
    const { user } = renderRoute('/requests');
    await user.click(await screen.findByRole('button', { name: 'Send' }, SCREEN_LOADS));
    await within(answerRegion()).findByRole('tree', { name: 'Answer body' });
    expect(answerRegion()).toHaveTextContent('Answer to GET /api/auth/getuser');
    expect(answerRegion()).toHaveTextContent(`On ${session.connection.label}, sent at`);
    expect(answerRegion()).toHaveTextContent(/, sent at \d{1,2}:\d{2}:\d{2}/);
    const earlier = /for the earlier request named here, not for the form as it is now/;
    expect(answerRegion()).not.toHaveTextContent(earlier);

    await user.type(screen.getByLabelText('Path'), 'x');
    expect(answerRegion()).toHaveTextContent(earlier);
    expect(answerRegion()).toHaveTextContent('Answer to GET /api/auth/getuser');
    await user.type(screen.getByLabelText('Path'), '{Backspace}');
    expect(answerRegion()).not.toHaveTextContent(earlier);
  });

  it('a request waited for is cancelled: the call is aborted, the answer says so, no error and no History', async () => {
    const signals: AbortSignal[] = [];
    const { fetch } = stubFetch(() => new Promise<Response>(() => undefined));
    const stubbed = fetch.getMockImplementation()!;
    fetch.mockImplementation((input, init) => {
      if (init?.signal) signals.push(init.signal);
      const pending = stubbed(input, init);
      return input === '/relay'
        ? pending
        : new Promise((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          );
    });
    const { user } = renderRoute('/requests');
    await user.click(await screen.findByRole('button', { name: 'Send' }, SCREEN_LOADS));
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(answerRegion()).toHaveTextContent('Sending GET /api/auth/getuser');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await within(answerRegion()).findByText(/the console stopped waiting/)).toBeInTheDocument();
    expect(answerRegion()).toHaveTextContent('Cancelled GET /api/auth/getuser');
    expect(signals.at(-1)?.aborted).toBe(true);
    // No failure shown: nothing of the error policy's, no details of an answer.
    expect(within(answerRegion()).queryByRole('alert')).toBeNull();
    expect(within(answerRegion()).queryByRole('button', { name: 'Show details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(useHistoryStore.getState().entries).toEqual([]);
    // Not taken for an expired or unreachable session: the screen stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument();
  });

  it('links between the form and the answer move focus to their headings', async () => {
    stubFetch(() => jsonAnswer({}));
    // jsdom lays nothing out and has no scrollIntoView: the scrolls asked for are noted.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    const { user } = renderRoute('/requests');
    await user.click(await screen.findByRole('button', { name: 'Go to answer' }, SCREEN_LOADS));
    const answerHeading = screen.getByRole('heading', { level: 2, name: 'Answer' });
    expect(answerHeading).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back to form' }));
    const formHeading = screen.getByRole('heading', { level: 2, name: 'Request' });
    expect(formHeading).toHaveFocus();
    expect(scrolled).toEqual([answerHeading, formHeading]);
  });
});
