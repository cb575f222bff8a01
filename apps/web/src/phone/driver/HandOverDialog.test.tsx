import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ManifestRider } from '@school-transport/shared';
import { expect, test, vi } from 'vitest';
import { renderPhone } from '../../test/render-phone';
import { HandOverDialog } from './HandOverDialog';

const adult = (id: string, name: string, relation: string, photo: string | null) => ({
  id,
  studentId: 'anna',
  name,
  relation,
  phone: '+44 20 7946 0000',
  photo,
  createdAt: '2026-11-01T10:00:00.000Z',
});

const ANNA: ManifestRider = {
  studentId: 'anna',
  name: 'Anna',
  class: '1A',
  photoUrl: null,
  nfcTagId: null,
  stopPosition: 1,
  state: 'ON_BUS',
  absent: false,
  handOver: {
    adults: [
      adult('gran', 'Gran Rose', 'Grandmother', '/api/uploads/profile/authorized-adult/gran.webp?sig=1'),
      adult('nanny', 'Nia', 'Nanny', null),
    ],
  },
  handOverMiss: null,
  officeNote: null,
};

function show(rule: 'KEEP_ON_BOARD' | 'RETURN_TO_SCHOOL' = 'KEEP_ON_BOARD') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
  const handlers = { onReceived: vi.fn(), onNoAdult: vi.fn(), onClose: vi.fn() };
  renderPhone(<HandOverDialog rider={ANNA} rule={rule} {...handlers} />, { app: 'driver' });
  return handlers;
}

test('the driver chooses who received the child from the adults, each with their photo', async () => {
  const { onReceived, onNoAdult, onClose } = show();
  const dialog = await screen.findByRole('dialog', { name: 'Who received Anna?' });
  const list = screen.getByRole('list', { name: 'Adults authorized to receive Anna' });
  expect(dialog).toContainElement(list);
  const photo = screen.getByRole('img', { name: 'Photo of Gran Rose' });
  expect(photo.querySelector('img')).toHaveAttribute('src', expect.stringContaining('gran.webp'));
  // Without a photo, the adult's initials stand in.
  expect(screen.getByRole('img', { name: 'Photo of Nia' })).toHaveTextContent('N');
  await userEvent.click(screen.getByRole('button', { name: /Gran Rose/ }));
  expect(onReceived).toHaveBeenCalledWith(ANNA, 'gran');
  expect(onNoAdult).not.toHaveBeenCalled();
  expect(onClose).toHaveBeenCalled();
});

test('"No authorized adult" keeps the child on board and shows the operator\'s rule', async () => {
  const { onReceived, onNoAdult, onClose } = show('RETURN_TO_SCHOOL');
  await screen.findByRole('dialog', { name: 'Who received Anna?' });
  await userEvent.click(screen.getByRole('button', { name: 'No authorized adult' }));
  expect(onNoAdult).toHaveBeenCalledWith(ANNA);
  expect(onReceived).not.toHaveBeenCalled();
  const kept = await screen.findByRole('dialog', { name: 'Anna stays on the bus' });
  expect(kept).toHaveTextContent('Take Anna back to school at the end of the run.');
  expect(kept).toHaveTextContent('The office and the family have been told.');
  await userEvent.click(screen.getByRole('button', { name: 'Understood' }));
  expect(onClose).toHaveBeenCalled();
});

test('"Not yet" closes without recording anything', async () => {
  const { onReceived, onNoAdult, onClose } = show();
  await screen.findByRole('dialog', { name: 'Who received Anna?' });
  await userEvent.click(screen.getByRole('button', { name: 'Not yet' }));
  expect(onClose).toHaveBeenCalled();
  expect(onReceived).not.toHaveBeenCalled();
  expect(onNoAdult).not.toHaveBeenCalled();
});
