import { describe, expect, it } from 'vitest';
import { currentUserQuery } from '@/features/profile/api/get-user';
import { jsonAnswer, stubFetch } from '@/testing/fetch';
import { signInForTest } from '@/testing/session';
import { jdoeRecord } from '@/testing/user-record';
import { createQueryClient } from './query-client';

describe("the console's query client", () => {
  it('keeps what a query read from going stale, for every query: the rule is written once, in its defaults', async () => {
    signInForTest();
    stubFetch(() => jsonAnswer(jdoeRecord()));
    const queryClient = createQueryClient();
    const query = currentUserQuery('emulator', 'jdoe@example.edu');
    await queryClient.prefetchQuery(query);
    expect(queryClient.getQueryCache().find({ queryKey: query.queryKey })?.isStale()).toBe(false);
    expect(query).not.toHaveProperty('staleTime');
  });
});
