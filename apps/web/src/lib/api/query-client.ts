import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { takeStartedQuery } from './screen-queries';

const MAX_RETRIES = 2;

/** Retrying cannot change a refusal (4xx); it may get past a network blip or a server hiccup. */
function shouldRetry(failureCount: number, error: Error): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !refused && failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // TanStack Query's one hook around every query's fetch (meant for persisting answers): a query whose request
        // its route already started with the screen's code (screen-queries.ts) takes that request, once, instead of
        // asking the server a second time. A retry, a refetch or another screen's query asks the server.
        persister: (queryFn, context, query) => takeStartedQuery(query.queryKey) ?? queryFn(context),
      },
    },
  });
}
