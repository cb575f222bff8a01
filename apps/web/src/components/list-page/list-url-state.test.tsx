import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../../test/render-app';
import { parseListQuery, useListUrlState, writeListQuery } from './list-url-state';

const parse = (query: string) => parseListQuery(new URLSearchParams(query));

describe('parseListQuery', () => {
  it('reads page, rows per page and search from the address', () => {
    expect(parse('page=2&limit=20&search=abc')).toEqual({ page: 2, limit: 20, search: 'abc' });
  });

  it('uses page 1, 10 rows and no search when nothing is given', () => {
    expect(parse('')).toEqual({ page: 1, limit: 10, search: '' });
  });

  it.each(['0', '-3', '2.5', 'two', '', '1e3', '9999999'])('falls back to page 1 for page=%s', (page) => {
    expect(parse(`page=${page}`).page).toBe(1);
  });

  it.each(['7', '0', '500', 'ten', '', '20.0x'])('falls back to 10 rows for limit=%s', (limit) => {
    expect(parse(`limit=${limit}`).limit).toBe(10);
  });

  it.each([5, 10, 20, 50, 100])('accepts the offered page size %i', (limit) => {
    expect(parse(`limit=${limit}`).limit).toBe(limit);
  });

  it('trims the search and keeps it within the API limit', () => {
    expect(parse('search=%20%20ada%20').search).toBe('ada');
    expect(parse(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });
});

describe('the sort in the address', () => {
  const sortable = (query: string) => parseListQuery(new URLSearchParams(query), ['name', 'createdAt']);

  it('reads a column the list sorts by, with its order', () => {
    expect(sortable('sort=name&order=desc')).toMatchObject({ sort: 'name', order: 'desc' });
  });

  it('takes a column without an order as ascending', () => {
    expect(sortable('sort=createdAt')).toMatchObject({ sort: 'createdAt', order: 'asc' });
    expect(sortable('sort=createdAt&order=sideways')).toMatchObject({ sort: 'createdAt', order: 'asc' });
  });

  it.each(['sort=childrenCount', 'sort=NAME', 'order=desc', 'sort=&order=asc'])(
    'leaves out what the list does not sort by: %s',
    (query) => {
      const parsed = sortable(query);
      expect(parsed.sort).toBeUndefined();
      expect(parsed.order).toBeUndefined();
    },
  );

  it('ignores a sort on a list that has none to offer', () => {
    expect(parse('sort=name&order=asc').sort).toBeUndefined();
  });

  it('writes a chosen sort with its order, and leaves both out without one', () => {
    expect(writeListQuery({ page: 1, limit: 10, search: '', sort: 'name' }).toString()).toBe(
      'sort=name&order=asc',
    );
    const cleared = writeListQuery(
      { page: 1, limit: 10, search: '' },
      new URLSearchParams('sort=name&order=desc&tab=x'),
    );
    expect(cleared.toString()).toBe('tab=x');
  });
});

describe('writeListQuery', () => {
  it('leaves defaults out of the address and keeps unrelated parameters', () => {
    const params = writeListQuery({ page: 1, limit: 10, search: '' }, new URLSearchParams('tab=x&page=4'));
    expect(params.toString()).toBe('tab=x');
  });

  it('writes what differs from the defaults', () => {
    expect(writeListQuery({ page: 2, limit: 20, search: 'a b' }).toString()).toBe(
      'page=2&limit=20&search=a+b',
    );
  });
});

function ListStateProbe() {
  const { query, goToPage, changeLimit, search, changeSort } = useListUrlState(['name', 'createdAt']);
  const location = useLocation();
  return (
    <>
      <output aria-label="address">{location.search}</output>
      <output aria-label="query">{JSON.stringify(query)}</output>
      <button onClick={() => goToPage(3)}>page 3</button>
      <button onClick={() => changeLimit(50)}>limit 50</button>
      <button onClick={() => search('  ada  ')}>search</button>
      <button onClick={() => changeSort({ sort: 'name', order: 'desc' })}>name down</button>
      <button onClick={() => changeSort({})}>own order</button>
      <button
        onClick={() => {
          changeLimit(20);
          goToPage(2);
        }}
      >
        limit 20, page 2
      </button>
    </>
  );
}

describe('useListUrlState', () => {
  const address = () => screen.getByRole('status', { name: 'address' }).textContent;

  it('starts from the address and moves between pages in it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ListStateProbe />, '/all-drivers?page=2&limit=20&search=abc');
    expect(screen.getByRole('status', { name: 'query' })).toHaveTextContent(
      JSON.stringify({ page: 2, limit: 20, search: 'abc' }),
    );

    await user.click(screen.getByRole('button', { name: 'page 3' }));
    expect(address()).toBe('?page=3&limit=20&search=abc');
  });

  it('goes back to page 1 for a new page size or a new, trimmed search', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ListStateProbe />, '/all-drivers?page=4');

    await user.click(screen.getByRole('button', { name: 'limit 50' }));
    expect(address()).toBe('?limit=50');

    await user.click(screen.getByRole('button', { name: 'page 3' }));
    await user.click(screen.getByRole('button', { name: 'search' }));
    expect(address()).toBe('?limit=50&search=ada');
  });

  it('keeps both of two changes made before the page renders again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ListStateProbe />, '/all-drivers?search=abc');
    // React Router's own setSearchParams(fn) builds the second on the address of the last render: limit lost.
    await user.click(screen.getByRole('button', { name: 'limit 20, page 2' }));
    expect(address()).toBe('?search=abc&limit=20&page=2');
  });

  it('keeps the sort in the address, back to page 1 on a new one, and off again for the list own order', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ListStateProbe />, '/all-drivers?page=4&search=abc');

    await user.click(screen.getByRole('button', { name: 'name down' }));
    expect(address()).toBe('?search=abc&sort=name&order=desc');
    expect(screen.getByRole('status', { name: 'query' })).toHaveTextContent(
      JSON.stringify({ page: 1, limit: 10, search: 'abc', sort: 'name', order: 'desc' }),
    );

    // Paging keeps the sort.
    await user.click(screen.getByRole('button', { name: 'page 3' }));
    expect(address()).toBe('?search=abc&sort=name&order=desc&page=3');

    await user.click(screen.getByRole('button', { name: 'own order' }));
    expect(address()).toBe('?search=abc');
  });
});
