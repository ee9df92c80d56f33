import { describe, expect, it } from 'vitest';
import { EMULATOR, EMULATOR_SANDBOX, type Connection } from '@/lib/connection';
import type { RowResult } from './row-result';
import {
  defaultTrialRows,
  newTrial,
  organizationSandbox,
  parseTrial,
  readTrialRows,
  stepTrial,
  trialConnection,
  trialQueue,
  trialWaits,
  type Trial,
} from './trial';

const relayed = (id: string, base: string, organization: string): Connection => ({
  id,
  label: id,
  baseUrl: `/relay/${id}`,
  upstream: `https://${organization}.teamdynamix.com/${base}`,
  organization,
});
const PRODUCTION = relayed('acme', 'TDWebApi', 'acme');
const SANDBOX = relayed('acme-sb', 'SBTDWebApi', 'acme');
const OTHER_SANDBOX = relayed('beta-sb', 'SBTDWebApi', 'beta');
const OK: RowResult = { ok: true, status: 200, ms: 3, message: '', fields: {}, retried: false };

describe('the number of rows to run on the sandbox first', () => {
  it('is 5 unless the job has fewer rows', () => {
    expect(defaultTrialRows(200)).toBe('5');
    expect(defaultTrialRows(3)).toBe('3');
  });

  it('is a whole number from 1 to the job’s rows', () => {
    expect(readTrialRows(' 7 ', 10)).toEqual({ ok: true, rows: 7 });
    expect(readTrialRows('10', 10)).toEqual({ ok: true, rows: 10 });
    expect(readTrialRows('1', 1)).toEqual({ ok: true, rows: 1 });
    for (const text of ['0', '11', '', '2.5', '-1', 'five', '1e1', '99999999999'])
      expect(readTrialRows(text, 10)).toEqual({
        ok: false,
        message: 'Enter a whole number of rows from 1 to 10, the job’s rows.',
      });
    expect(readTrialRows('2', 1)).toEqual({ ok: false, message: 'The job has 1 row: enter 1.' });
  });
});

describe('the organization’s sandbox', () => {
  it('is the sandbox connection of the production connection’s organization', () => {
    const offered = [EMULATOR, EMULATOR_SANDBOX, OTHER_SANDBOX, PRODUCTION, SANDBOX];
    expect(organizationSandbox(offered, PRODUCTION)).toBe(SANDBOX);
  });

  it('is none when the organization has no sandbox on offer, or the connection is not production', () => {
    expect(organizationSandbox([EMULATOR_SANDBOX, OTHER_SANDBOX, PRODUCTION], PRODUCTION)).toBeNull();
    // This server's emulator never asks, and so offers no trial, though its sandbox shares its organization.
    expect(organizationSandbox([EMULATOR, EMULATOR_SANDBOX], EMULATOR)).toBeNull();
    expect(organizationSandbox([PRODUCTION, SANDBOX], SANDBOX)).toBeNull();
  });
});

describe('a trial, step by step: what runs where', () => {
  const TOTAL = 8;
  const at = (trial: Trial) => ({
    phase: trial.phase,
    on: trialConnection(trial).id,
    runs: trialQueue(trial, TOTAL),
    waits: trialWaits(trial),
  });

  it('waits for the sandbox, runs the first N there, stops, waits for production, then runs every row there', () => {
    const kept = newTrial(3, SANDBOX, PRODUCTION);
    expect(at(kept)).toEqual({ phase: 'to-sandbox', on: 'acme-sb', runs: [], waits: true });

    const sandbox = stepTrial(kept, { kind: 'run-on-sandbox' })!;
    expect(at(sandbox)).toEqual({ phase: 'on-sandbox', on: 'acme-sb', runs: [0, 1, 2], waits: false });

    // Not while the sandbox's rows still run: the job stops there for a look first.
    expect(stepTrial(sandbox, { kind: 'go-on', ended: false, sandboxResults: [OK] })).toBeNull();
    const looked = stepTrial(sandbox, { kind: 'go-on', ended: true, sandboxResults: [OK, OK, OK] })!;
    expect(at(looked)).toEqual({ phase: 'to-production', on: 'acme', runs: [], waits: true });
    expect(looked.sandboxResults).toEqual([OK, OK, OK]);

    const production = stepTrial(looked, { kind: 'run-on-production' })!;
    expect(at(production)).toEqual({
      phase: 'on-production',
      on: 'acme',
      runs: [0, 1, 2, 3, 4, 5, 6, 7],
      waits: false,
    });
    expect(production.sandboxResults).toEqual([OK, OK, OK]);
  });

  it('keeps a sandbox row with no result (a run stopped at an error) as none', () => {
    const sandbox = stepTrial(newTrial(3, SANDBOX, PRODUCTION), { kind: 'run-on-sandbox' })!;
    const looked = stepTrial(sandbox, { kind: 'go-on', ended: true, sandboxResults: [OK, undefined] })!;
    expect(looked.sandboxResults).toEqual([OK, null, null]);
  });

  it('takes no step out of order: nothing reaches production before the sandbox’s rows and a look', () => {
    const kept = newTrial(3, SANDBOX, PRODUCTION);
    expect(stepTrial(kept, { kind: 'run-on-production' })).toBeNull();
    expect(stepTrial(kept, { kind: 'go-on', ended: true, sandboxResults: [] })).toBeNull();
    const sandbox = stepTrial(kept, { kind: 'run-on-sandbox' })!;
    expect(stepTrial(sandbox, { kind: 'run-on-production' })).toBeNull();
    expect(stepTrial(sandbox, { kind: 'run-on-sandbox' })).toBeNull();
  });

  it('cancelled before production, it runs nothing anywhere; once on production the runner’s own cancel acts', () => {
    const looked = stepTrial(stepTrial(newTrial(2, SANDBOX, PRODUCTION), { kind: 'run-on-sandbox' })!, {
      kind: 'go-on',
      ended: true,
      sandboxResults: [OK, OK],
    })!;
    const cancelled = stepTrial(looked, { kind: 'cancel' })!;
    expect(at(cancelled)).toEqual({ phase: 'cancelled', on: 'acme', runs: [], waits: true });
    expect(stepTrial(cancelled, { kind: 'run-on-production' })).toBeNull();
    expect(stepTrial(stepTrial(looked, { kind: 'run-on-production' })!, { kind: 'cancel' })).toBeNull();
  });
});

describe('a trial read back from the browser', () => {
  it('is taken as written, and refused when it is not one', () => {
    const trial = newTrial(2, SANDBOX, PRODUCTION);
    expect(parseTrial(JSON.parse(JSON.stringify(trial)))).toEqual(trial);
    for (const bad of [
      null,
      { ...trial, rows: 0 },
      { ...trial, rows: 1.5 },
      { ...trial, phase: 'on-the-moon' },
      { ...trial, sandbox: { id: 'acme-sb' } },
      { ...trial, sandboxResults: undefined },
    ])
      expect(parseTrial(bad)).toBeNull();
  });
});
