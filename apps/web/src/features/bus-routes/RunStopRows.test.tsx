import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import type { DraftStop } from './run-draft';
import { RunStopRows } from './RunStopRows';

const row = (name: string, minutes: string): DraftStop => ({
  stop: { id: name, name, lat: 12.9, lng: 77.6, address: null },
  minutes,
});
const rows = [row('Gate', '0'), row('Park', '5'), row('Lake', '12')];
const names = (changed: DraftStop[]) => changed.map((one) => one.stop.name);

describe('RunStopRows', () => {
  it('shows each stop with its clock time after the start', () => {
    renderWithProviders(<RunStopRows rows={rows} startTime="07:30" problems={{}} onChange={() => {}} />);
    const items = within(screen.getByRole('list', { name: 'Stops in order' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('At 07:35');
    expect(items[2]).toHaveTextContent('At 07:42');
  });

  it('moves a stop with the arrow buttons, the first having no way up', async () => {
    const onChange = vi.fn();
    renderWithProviders(<RunStopRows rows={rows} startTime="07:30" problems={{}} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Move Gate up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Lake up' }));
    expect(names(onChange.mock.lastCall?.[0])).toEqual(['Gate', 'Lake', 'Park']);
    await userEvent.click(screen.getByRole('button', { name: 'Move Gate down' }));
    expect(names(onChange.mock.lastCall?.[0])).toEqual(['Park', 'Gate', 'Lake']);
  });

  it('moves a stop dropped on another row to its place', () => {
    const onChange = vi.fn();
    renderWithProviders(<RunStopRows rows={rows} startTime="07:30" problems={{}} onChange={onChange} />);
    const items = within(screen.getByRole('list', { name: 'Stops in order' })).getAllByRole('listitem');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(items[2]!, { dataTransfer });
    fireEvent.dragOver(items[0]!, { dataTransfer });
    fireEvent.drop(items[0]!, { dataTransfer });
    expect(names(onChange.mock.lastCall?.[0])).toEqual(['Lake', 'Gate', 'Park']);
  });

  it("shows a row's problem under its minutes", () => {
    renderWithProviders(
      <RunStopRows rows={rows} startTime="07:30" problems={{ 1: 'Too early' }} onChange={() => {}} />,
    );
    expect(screen.getByLabelText('Minutes after start for Park')).toHaveAccessibleDescription('Too early');
  });
});
