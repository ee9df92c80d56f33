import { createContext } from 'react';

/**
 * The screens the navigation lists, handed down by the root layout: the navigation is part of the signed-in
 * layout, whose code the route table loads, so it cannot import the table without closing a circle.
 */
export const NavItemsContext = createContext<readonly { path: string; nav?: string }[]>([]);
