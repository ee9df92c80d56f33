import { createContext, useContext } from 'react';

/**
 * Fetches the code of the screen at a path (a return path, with its query) ahead of going there, so that a sign-in
 * keeps its form until that screen can show. Never fails. The app provides it from its route table; a screen
 * drawn without the app (in a test of its own) fetches nothing ahead.
 */
export const PreloadScreenContext = createContext<(path: string) => Promise<void>>(() => Promise.resolve());

export const usePreloadScreen = () => useContext(PreloadScreenContext);
