import { describe, expect, it } from 'vitest';
import { cardLayout, cardRoleOf, type Column } from './columns';

interface Row {
  name: string;
}

const column = (header: string, card?: Column<Row>['card']): Column<Row> => ({
  header,
  cell: (row) => row.name,
  ...(card && { card }),
});

const headers = (columns: readonly Column<Row>[] | undefined) => columns?.map((c) => c.header);

describe('cardLayout', () => {
  it('by default titles the card with the first column, puts the Actions column in its corner and no fields', () => {
    const layout = cardLayout([column('Name'), column('Email'), column('Actions')]);
    expect(layout.title.header).toBe('Name');
    expect(layout.fields).toEqual([]);
    expect(layout.actions?.header).toBe('Actions');
  });

  it('shows the fields a list names, in column order, and leaves the others to the table', () => {
    const layout = cardLayout([
      column('Name'),
      column('Photo'),
      column('Phone', 'field'),
      column('Joined'),
      column('Email', 'field'),
      column('Actions'),
    ]);
    expect(headers(layout.fields)).toEqual(['Phone', 'Email']);
  });

  it('takes the title a list names over the first column, which then stays off the card', () => {
    const columns = [column('Photo'), column('Name', 'title'), column('Class', 'field')];
    expect(cardLayout(columns).title.header).toBe('Name');
    expect(cardRoleOf(columns[0]!, 0, columns)).toBe('hidden');
  });

  it('has no actions when no column holds them (the audit log)', () => {
    expect(cardLayout([column('When', 'field'), column('Action', 'title')]).actions).toBeUndefined();
  });

  it('refuses columns that would give a card two titles, or none', () => {
    expect(() => cardLayout([column('Name', 'title'), column('Email', 'title')])).toThrow(
      /exactly one title/,
    );
    expect(() => cardLayout([column('Name', 'hidden'), column('Email', 'field')])).toThrow(
      /exactly one title/,
    );
  });
});
