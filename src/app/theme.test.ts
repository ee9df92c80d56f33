import { describe, expect, it } from 'vitest';
import { decomposeColor, getContrastRatio, recomposeColor, type CssVarsTheme } from '@mui/material/styles';
import { FOCUS_RING_SHADE } from '@/components/focus-ring';
import { theme } from './theme';

// Built with colorSchemes and cssVariables, the theme holds both schemes' colours.
const { colorSchemes } = theme as unknown as CssVarsTheme;

/** `top` (which may be translucent) painted over the opaque `bottom`, as the browser composites it. */
function over(top: string, bottom: string): string {
  const t = decomposeColor(top);
  const b = decomposeColor(bottom);
  const a = t.type === 'rgba' ? Number(t.values[3]) : 1;
  const mix = [0, 1, 2].map((i) => Math.round(Number(t.values[i]) * a + Number(b.values[i]) * (1 - a)));
  return recomposeColor({ type: 'rgb', values: mix as [number, number, number] });
}

describe.each(['light', 'dark'] as const)(
  'the focus ring in the %s scheme (WCAG 2.2 focus appearance)',
  (mode) => {
    const palette = colorSchemes[mode]!.palette;
    const ring = palette.primary[FOCUS_RING_SHADE[mode]];
    const paper = palette.background.paper;
    // The surfaces a navigation item's ring sits on or beside: the drawer, the item as MUI paints it under
    // keyboard focus, the current item, and the current item under focus; in dark, also a raised drawer's overlay.
    const overlay = mode === 'dark' ? colorSchemes.dark!.overlays?.[16] : undefined;
    const overlayAlpha = Number(/\/ ([\d.]+)\)/.exec(overlay ?? '')?.[1] ?? 0);
    const raised = over(`rgba(255, 255, 255, ${overlayAlpha})`, paper);
    const surfaces = {
      'the drawer': paper,
      'the page': palette.background.default,
      'the raised drawer': raised,
      'a focused item': over(palette.action.focus, paper),
      'the current item': over(palette.action.selected, paper),
      'the current item, focused': over(palette.action.focus, over(palette.action.selected, paper)),
      'the current item on the raised drawer': over(palette.action.selected, raised),
    };

    it.each(Object.entries(surfaces))('keeps at least 3:1 against %s', (_, surface) => {
      expect(getContrastRatio(ring, surface)).toBeGreaterThanOrEqual(3);
    });
  },
);
