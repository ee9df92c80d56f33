import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_FORM } from '../form/request-form';
import { LIBRARY_OPEN_KEY } from '../library/library-preference';
import { savedFrom } from '../saved/saved-request';
import { useSavedStore } from '../saved/saved-store';
import { LibraryLinks } from './library-links';
import { RequestsLibrary } from './requests-library';
import { SavedList } from './saved-list';
import { useLibrary } from './use-library';

/** The screen's use of the library, with the real saved list and a history stand-in (its own tests are its). */
function Screen({ onLoaded }: { onLoaded?: () => void }) {
  const { library, refs } = useLibrary();
  const { buttonRef, ...panelRefs } = refs;
  return (
    <>
      <LibraryLinks library={library} buttonRef={buttonRef} />
      <RequestsLibrary
        library={library}
        {...panelRefs}
        saved={(handle, loaded) => (
          <SavedList
            handle={handle}
            organization="org"
            connection="/TDWebApi"
            label="This server"
            kept={{ ...NEW_FORM, path: 'people/lookup' }}
            onLoad={() => {
              onLoaded?.();
              loaded();
            }}
          />
        )}
        history={(searchRef) => <input aria-label="Path, body or answer text" ref={searchRef} />}
      />
      <input aria-label="The form" />
    </>
  );
}

const button = () => screen.getByRole('button', { name: 'Library: Saved and History' });
const drawer = () => screen.queryByRole('dialog', { name: 'Library' });
const ctrl = (code: string) => fireEvent.keyDown(document.body, { code, ctrlKey: true });

/** Makes the window as wide as `matches` says, for MUI's media queries. */
function windowWide(matches: boolean) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches,
    media,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  useSavedStore.setState({ byOrganization: {} });
  useSavedStore.getState().save('org', [savedFrom('Who am I', { ...NEW_FORM, path: 'auth/getuser' })]);
});
afterEach(() => vi.unstubAllGlobals());

describe('the library, narrower than 1600 px: a drawer over the screen', () => {
  beforeEach(() => windowWide(false));

  it('opens from its button, on Saved with its search focused, and Escape closes it, focus back on the button', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Screen />);
    expect(drawer()).toBeNull();
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    await user.click(button());
    const panel = await screen.findByRole('dialog', { name: 'Library' });
    expect(within(panel).getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByRole('tabpanel', { name: 'Saved' })).toBeVisible();
    expect(within(panel).getByLabelText('Search saved requests')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(drawer()).toBeNull());
    expect(button()).toHaveFocus();
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Go to History and Go to Saved open it on that part, its search focused', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Go to History' }));
    const panel = await screen.findByRole('dialog', { name: 'Library' });
    expect(within(panel).getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByLabelText('Path, body or answer text')).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(drawer()).toBeNull());
    expect(button()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Go to Saved' }));
    expect(await screen.findByLabelText('Search saved requests')).toHaveFocus();
  });

  it('Ctrl+\\ opens and closes it (from within too); Ctrl+S without a name opens it on the name field', async () => {
    render(<Screen />);
    ctrl('Backslash');
    expect(await screen.findByLabelText('Search saved requests')).toHaveFocus();
    // From within the drawer too, which otherwise holds the screen's shortcuts off as a dialog does.
    fireEvent.keyDown(screen.getByLabelText('Search saved requests'), { code: 'Backslash', ctrlKey: true });
    await waitFor(() => expect(drawer()).toBeNull());
    ctrl('KeyS');
    const name = await screen.findByLabelText('Name to save the form as');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(/Give the request a name/);
  });

  it('closes once an entry is loaded', async () => {
    const user = userEvent.setup({ delay: null });
    const onLoaded = vi.fn();
    render(<Screen onLoaded={onLoaded} />);
    await user.click(button());
    const panel = await screen.findByRole('dialog', { name: 'Library' });
    await user.click(within(panel).getByRole('button', { name: 'Load' }));
    expect(onLoaded).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(drawer()).toBeNull());
    expect(button()).toHaveFocus();
  });
});

describe('the library, from 1600 px: a column beside the form', () => {
  beforeEach(() => {
    windowWide(true);
    localStorage.removeItem(LIBRARY_OPEN_KEY);
  });

  it('stands open, no modal, stays open after a load, and remembers being closed', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<Screen />);
    const panel = screen.getByRole('region', { name: 'Library' });
    expect(drawer()).toBeNull();
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    // The rest of the screen stays usable beside it.
    expect(screen.getByLabelText('The form')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Load' }));
    expect(panel).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Library' })).toBeNull();
    expect(button()).toHaveFocus();
    expect(localStorage.getItem(LIBRARY_OPEN_KEY)).toBe('false');
    unmount();
    render(<Screen />);
    expect(screen.queryByRole('region', { name: 'Library' })).toBeNull();
    ctrl('Backslash');
    expect(await screen.findByRole('region', { name: 'Library' })).toBeVisible();
    expect(screen.getByLabelText('Search saved requests')).toHaveFocus();
    expect(localStorage.getItem(LIBRARY_OPEN_KEY)).toBe('true');
  });
});
