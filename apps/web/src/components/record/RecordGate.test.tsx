import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { recordGate } from './RecordGate';

describe('recordGate', () => {
  it('offers Retry when the record could not be fetched, and shows it once a retry succeeds', async () => {
    let calls = 0;
    const useRecord = (id: string) =>
      useQuery({
        queryKey: ['record', id],
        retry: false,
        queryFn: async () => {
          calls += 1;
          if (calls === 1) throw new Error('Failed to fetch driver data!');
          return { name: 'Dan Driver' };
        },
      });
    const Gate = recordGate({
      useRecord,
      noun: 'Driver',
      back: { label: 'All Drivers', to: '/all-drivers' },
    });
    renderWithProviders(<Gate title="Driver Details">{(driver) => <p>{driver.name}</p>}</Gate>);

    expect(await screen.findByText('Failed to fetch driver data!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to All Drivers' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Dan Driver')).toBeInTheDocument();
  });
});
