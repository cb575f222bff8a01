import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { renderPhone } from '../../test/render-phone';
import { ConfirmDialog } from './Dialog';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Finish
      </button>
      <ConfirmDialog
        open={open}
        title="Finish the trip?"
        message="Two children are still on board."
        confirmLabel="Finish"
        tone="danger"
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

test('a confirmation asks first: Cancel closes it without acting, the confirming button acts', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 503 })),
  );
  const onConfirm = vi.fn();
  renderPhone(<Harness onConfirm={onConfirm} />, { app: 'driver' });
  await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
  const dialog = await screen.findByRole('dialog', { name: 'Finish the trip?' });
  expect(dialog).toHaveTextContent('Two children are still on board.');
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(onConfirm).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
  await screen.findByRole('dialog');
  await userEvent.click(screen.getAllByRole('button', { name: 'Finish' }).at(-1)!);
  expect(onConfirm).toHaveBeenCalledOnce();
  vi.unstubAllGlobals();
});
