import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Column } from './columns';
import { FIRST_CARDS, RecordCards } from './RecordCards';

interface Parent {
  id: string;
  name: string;
  phone: string;
  email: string;
  address: string;
}

const COLUMNS: Column<Parent>[] = [
  { header: 'Name', cell: (parent) => parent.name },
  { header: 'Phone No', card: 'field', cell: (parent) => parent.phone },
  { header: 'Email', card: 'field', cell: (parent) => parent.email },
  { header: 'Address', cell: (parent) => parent.address },
  { header: 'Actions', cell: (parent) => <button type="button">{`Actions for ${parent.name}`}</button> },
];

const PARENTS: Parent[] = [
  { id: 'a', name: 'Asha Rao', phone: '9800000001', email: 'asha@example.com', address: '1 Lake Road' },
  { id: 'b', name: 'Ben Okafor', phone: '9800000002', email: 'ben@example.com', address: '2 Hill Street' },
];

const renderCards = (rows: Parent[]) =>
  render(
    <RecordCards label="All Parents" columns={COLUMNS} rows={rows} rowKey={(row) => row.id} stale={false} />,
  );

describe('RecordCards', () => {
  it('lists one card a record, named by its title', () => {
    renderCards(PARENTS);
    const list = screen.getByRole('list', { name: 'All Parents' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ben Okafor' })).toBeInTheDocument();
  });

  it('shows the chosen fields with their labels and the actions, and leaves the rest to the table', () => {
    renderCards(PARENTS);
    const card = screen.getByRole('article', { name: 'Asha Rao' });
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(card)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Phone No', 'Email']);
    expect(values).toEqual(['9800000001', 'asha@example.com']);
    expect(within(card).getByRole('button', { name: 'Actions for Asha Rao' })).toBeInTheDocument();
    expect(within(card).queryByText('1 Lake Road')).toBeNull();
  });

  it("shows the title's note under the heading, not in it", () => {
    const noted: Column<Parent>[] = [
      { ...COLUMNS[0]!, note: (parent) => `Lives at ${parent.address}` },
      ...COLUMNS.slice(1),
    ];
    render(
      <RecordCards
        label="All Parents"
        columns={noted}
        rows={PARENTS}
        rowKey={(row) => row.id}
        stale={false}
      />,
    );
    const card = screen.getByRole('article', { name: 'Asha Rao' });
    expect(within(card).getByRole('heading')).toHaveTextContent(/^Asha Rao$/);
    expect(within(card).getByText('Lives at 1 Lake Road')).toBeInTheDocument();
  });

  it('draws a long page whole, the cards past the first screenful in the background, then says it is done', async () => {
    const many = Array.from({ length: FIRST_CARDS * 3 }, (_, index) => ({
      ...PARENTS[0]!,
      id: `p${index}`,
      name: `Parent ${index + 1}`,
    }));
    renderCards(many);
    const list = screen.getByRole('list', { name: 'All Parents' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(many.length));
    expect(list).toHaveAttribute('aria-busy', 'false');
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(many.map((parent) => parent.name));
  });

  it('says there is nothing to show, with no empty list', () => {
    renderCards([]);
    expect(screen.getByText('No Data Found!')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
