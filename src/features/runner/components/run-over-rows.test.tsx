import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as requests from '@/features/requests/public';
import { describeRequest, type DescribeContext, type RequestForm } from '@/features/requests/public';
import { createQueryClient } from '@/app/query-client';
import { EMULATOR } from '@/lib/connection';
import { useJobStore } from '../run/job-store';
import { RunOverRows } from './run-over-rows';

vi.mock('@/features/requests/public', async (importOriginal) => {
  const actual = await importOriginal<typeof requests>();
  return { ...actual, describeRequest: vi.fn(actual.describeRequest) };
});

const ROWS = 10_000;
const FORM: RequestForm = {
  method: 'GET',
  path: 'people/{uid}',
  pathValues: { uid: '{{uid}}' },
  query: [],
  body: '',
};
const CONTEXT: DescribeContext = {
  base: '/TDWebApi',
  bases: { own: 'http://localhost/TDWebApi', accepted: [] },
  variables: {},
};

/** Two columns, so that a row with no uid is still a row. */
function rowsCsv(uidOf: (index: number) => string) {
  return ['uid,n', ...Array.from({ length: ROWS }, (_, i) => `${uidOf(i)},${i + 1}`)].join('\n');
}

const queryClient = createQueryClient();

function show(form: RequestForm) {
  return (
    <QueryClientProvider client={queryClient}>
      <RunOverRows form={form} context={CONTEXT} connection={EMULATOR} base="http://localhost/TDWebApi" />
    </QueryClientProvider>
  );
}

function paste(text: string) {
  fireEvent.click(screen.getByRole('radio', { name: 'CSV with a header row' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Rows' }), { target: { value: text } });
}

const start = vi.fn();
beforeEach(() => {
  start.mockClear();
  useJobStore.setState({ job: null, start });
});

describe('RunOverRows with 10,000 rows pasted', () => {
  it('describes only the previewed rows at a change of the form, and every row once when Run is pressed', () => {
    const { rerender } = render(show(FORM));
    paste(rowsCsv((i) => `u${i + 1}`));
    expect(screen.getByRole('button', { name: `Run ${ROWS} rows` })).toBeEnabled();
    const described = vi.mocked(describeRequest);
    described.mockClear();
    // The form store hands a new form at each keystroke.
    rerender(show({ ...FORM, pathValues: { uid: '{{uid}}' } }));
    expect(described.mock.calls.length).toBeLessThanOrEqual(3);

    described.mockClear();
    fireEvent.click(screen.getByRole('button', { name: `Run ${ROWS} rows` }));
    expect(described.mock.calls.length).toBeGreaterThanOrEqual(ROWS);
    expect(described.mock.calls.length).toBeLessThanOrEqual(ROWS + 1);
    expect(start).toHaveBeenCalledTimes(1);
    const { requests, values } = start.mock.calls[0]![0] as {
      requests: { path: string }[];
      values: unknown[];
    };
    expect(values).toHaveLength(ROWS);
    expect(requests).toHaveLength(ROWS);
    expect(requests[ROWS - 1]!.path).toBe(`/api/people/u${ROWS}`);
  });

  it('names a row far down that cannot be sent when Run is pressed, and starts nothing', () => {
    const { rerender } = render(show(FORM));
    paste(rowsCsv((i) => (i === 4999 ? '' : `u${i + 1}`)));
    fireEvent.click(screen.getByRole('button', { name: `Run ${ROWS} rows` }));
    expect(start).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^1 row cannot be sent:Row 5000: /);
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();

    // Another form is a new question: its preview is shown again, and Run may be pressed.
    rerender(show({ ...FORM }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Run ${ROWS} rows` })).toBeEnabled();
  });
});
