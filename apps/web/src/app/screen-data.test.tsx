import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/api/query-client';
import { resourceListQuery } from '../lib/api/resource-queries';
import { startScreenQueries } from '../lib/api/screen-queries';
import { aStudent } from '../test/records';
import { renderApp, storeSession } from '../test/render-app';

const LIST_REQUEST = '/api/students/get-all?page=1&limit=100&search=';

interface Request {
  url: string;
  /** The page's heading when the request was made: the screen that asked, or none yet. */
  headingThen: string | null;
}

/**
 * The API as a stub that answers every call and notes each one with the screen on show at that moment. `refused`:
 * addresses answered 403, which no query retries, so each request counted is one the screen made.
 */
function stubApi(refused: readonly string[] = []): Request[] {
  const requests: Request[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push({ url, headingThen: document.querySelector('h1')?.textContent ?? null });
    if (refused.includes(url)) return Promise.resolve(json({ success: false, message: 'Not for you' }, 403));
    if (url.startsWith('/api/students/get-all'))
      return Promise.resolve(
        json({
          success: true,
          data: [aStudent('s1'), aStudent('s2')],
          pagination: { page: 1, limit: 100, total: 2, totalPages: 1 },
        }),
      );
    // The chrome's calls (settings, the session check, the alerts' count): no data is enough for this test.
    return Promise.resolve(json({ success: true }));
  });
  return requests;
}

const requestsTo = (requests: Request[], url: string) => requests.filter((request) => request.url === url);

beforeEach(() => {
  // The signed-in chrome follows the live stream; this test does not need it to connect.
  vi.stubGlobal(
    'EventSource',
    class {
      close() {}
      addEventListener() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a back-office screen's data", () => {
  it("is asked for when the route is entered, before the screen's code has run, and only once", async () => {
    const requests = stubApi();
    storeSession('admin');
    renderApp('/all-students?limit=100');

    // Already on its way while the screen's module is still being imported (an import never resolves at once).
    expect(requestsTo(requests, LIST_REQUEST)).toHaveLength(1);

    // The first test of the file imports the chrome and the list cold: on a busy machine more than findBy's 10 s.
    expect(await screen.findByText('Child s2', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All Students' })).toBeInTheDocument();
    const [request] = requestsTo(requests, LIST_REQUEST);
    expect(request?.headingThen).not.toBe('All Students');
    // The list's query took the request its route started instead of asking again.
    expect(requestsTo(requests, LIST_REQUEST)).toHaveLength(1);
    expect(requests.filter((call) => call.url.startsWith('/api/students/'))).toHaveLength(1);
  });

  it('is asked for on the dashboard too (its figures and its compliance panel), once each', async () => {
    const requests = stubApi(['/api/dashboard/summary', '/api/compliance/summary']);
    storeSession('admin');
    renderApp('/');

    expect(requestsTo(requests, '/api/dashboard/summary')).toHaveLength(1);
    expect(requestsTo(requests, '/api/compliance/summary')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    // Both refused: the dashboard shows their errors, so it has asked by now.
    expect(await screen.findAllByRole('button', { name: 'Retry' })).not.toHaveLength(0);
    expect(requestsTo(requests, '/api/dashboard/summary')).toHaveLength(1);
    expect(requestsTo(requests, '/api/compliance/summary')).toHaveLength(1);
  });

  it('is not asked for with a sort or a filter in the address, which only the screen can read', () => {
    const requests = stubApi();
    storeSession('admin');
    renderApp('/all-students?sort=name');
    expect(requests.filter((call) => call.url.startsWith('/api/students/'))).toHaveLength(0);
  });

  it('is not asked for without an admin signed in (Log In shows instead)', async () => {
    const requests = stubApi();
    renderApp('/all-students');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(requests.filter((call) => call.url.startsWith('/api/students/'))).toHaveLength(0);
  });
});

describe('the query client', () => {
  it('takes a started request once; a later fetch of the same query asks the server', async () => {
    const requests = stubApi();
    storeSession('admin');
    const query = resourceListQuery('students', { page: 1, limit: 100, search: '' });
    startScreenQueries([query]);
    const client = createQueryClient();

    await client.fetchQuery(query);
    expect(requestsTo(requests, LIST_REQUEST)).toHaveLength(1);
    // Keys are matched as TanStack Query hashes them: the order of an object's keys does not count.
    await client.refetchQueries({ queryKey: ['students', 'list', { search: '', limit: 100, page: 1 }] });
    expect(requestsTo(requests, LIST_REQUEST)).toHaveLength(2);
  });
});
