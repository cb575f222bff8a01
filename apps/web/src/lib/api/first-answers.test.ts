import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { firstAnswersDrawn, nextFrameDrawn } from './first-answers';

describe('firstAnswersDrawn', () => {
  it('waits for a first answer, then for a frame', async () => {
    const client = new QueryClient();
    let drawn = false;
    void firstAnswersDrawn(client).then(() => (drawn = true));
    let answer!: (value: string) => void;
    const asked = client.fetchQuery({
      queryKey: ['today'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    await nextFrameDrawn();
    expect(drawn).toBe(false);
    answer('today');
    await asked;
    await firstAnswersDrawn(client);
    expect(drawn).toBe(true);
  });

  it('counts an error as an answer, and resolves at once for a client that has one', async () => {
    const client = new QueryClient();
    await client
      .fetchQuery({ queryKey: ['refused'], queryFn: () => Promise.reject(new Error('no')), retry: false })
      .catch(() => undefined);
    await expect(firstAnswersDrawn(client)).resolves.toBeUndefined();
  });
});
