import { create } from 'zustand';
import { ownValue } from '@/lib/own-value';
import { readText, storeText } from '@/lib/local-storage';
import { isSecretName } from '@contract/secret-fields';
import type { VariableValues } from './resolve-variables';
import { VARIABLES_KEY } from './variables-key';
import { VARIABLE_NAME } from './variable-syntax';

/** A named value for `{{name}}`. */
export interface Variable {
  name: string;
  value: string;
}

/** The longest value a variable keeps: a body's worth, and no more, so that storage is not filled by one paste. */
export const MAX_VARIABLE_VALUE = 64_000;

interface VariablesState {
  /**
   * Variables by organization (`Connection.organization`: its sandbox and production share them), in the order
   * added: read with `ownValue`. Those whose name says secret are here and in this tab only.
   */
  byOrganization: Record<string, Variable[]>;
  /**
   * Keeps variables, one of the same name replaced in place (that is how one is edited), all in one write. False
   * when the browser refused the write (its storage is full): nothing changed. `renaming` names a variable the
   * one put takes the place of (an edit that changed the name).
   */
  put: (organization: string, variables: readonly Variable[], renaming?: string) => boolean;
  /** False when the browser refused the write: nothing was deleted. */
  remove: (organization: string, name: string) => boolean;
  /** Forgets the secret-named variables (sign-out): the next person at this browser has none of them. */
  forgetSecrets: () => void;
}

/** Why a name cannot be a variable's, or null when it can. */
export function variableNameProblem(name: string): string | null {
  if (name === '') return 'Give the variable a name.';
  if (!VARIABLE_NAME.test(name))
    return 'A variable’s name is letters, digits, _, - and . only (up to 100), as {{name}} is written.';
  return null;
}

const isVariable = (v: unknown): v is Variable =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Variable).name === 'string' &&
  typeof (v as Variable).value === 'string' &&
  variableNameProblem((v as Variable).name) === null &&
  !isSecretName((v as Variable).name);

/** What storage holds, read defensively (a person may have edited it): never a secret-named variable. */
export function readVariables(text: string | null): Record<string, Variable[]> {
  let stored: unknown;
  try {
    stored = text === null ? null : JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored)
      .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))
      .map(([organization, list]) => [organization, list.filter(isVariable)]),
  );
}

/** What may be written to storage: every organization's variables but those whose name says secret. */
function storable(byOrganization: Record<string, Variable[]>): Record<string, Variable[]> {
  return Object.fromEntries(
    Object.entries(byOrganization).map(([organization, list]) => [
      organization,
      list.filter((v) => !isSecretName(v.name)),
    ]),
  );
}

function withPut(list: readonly Variable[], added: readonly Variable[]): Variable[] {
  const byName = new Map(list.map((v) => [v.name, v]));
  for (const variable of added) byName.set(variable.name, { name: variable.name, value: variable.value });
  return [...byName.values()];
}

/**
 * The organizations' variables: in localStorage, as they hold nothing secret (the one secret rule keeps a
 * secret-named variable in this tab's memory only, gone on reload). Written by hand rather than with zustand's
 * persist, as the saved requests are.
 */
export const useVariablesStore = create<VariablesState>()((set, get) => {
  const write = (byOrganization: Record<string, Variable[]>) => {
    if (!storeText(VARIABLES_KEY, JSON.stringify(storable(byOrganization)))) return false;
    set({ byOrganization });
    return true;
  };
  const listOf = (organization: string) => ownValue(get().byOrganization, organization) ?? [];
  return {
    byOrganization: readVariables(readText(VARIABLES_KEY)),
    put: (organization, variables, renaming) => {
      const list = listOf(organization).map((v) =>
        v.name === renaming ? { name: variables[0]?.name ?? v.name, value: v.value } : v,
      );
      return write({ ...get().byOrganization, [organization]: withPut(list, variables) });
    },
    remove: (organization, name) =>
      write({
        ...get().byOrganization,
        [organization]: listOf(organization).filter((v) => v.name !== name),
      }),
    forgetSecrets: () => set({ byOrganization: storable(get().byOrganization) }),
  };
});

const NONE: Variable[] = [];
const valuesByList = new WeakMap<readonly Variable[], VariableValues>();

/** An organization's variables, the same array until they change. */
export function variablesOf(state: Pick<VariablesState, 'byOrganization'>, organization: string): Variable[] {
  return ownValue(state.byOrganization, organization) ?? NONE;
}

/** Variables as values by name, the same object for the same list (the description is kept per object). */
export function valuesOf(list: readonly Variable[]): VariableValues {
  let values = valuesByList.get(list);
  if (!values) {
    values = Object.fromEntries(list.map((v) => [v.name, v.value]));
    valuesByList.set(list, values);
  }
  return values;
}
