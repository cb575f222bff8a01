import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api/api-client';
import { useSchemaForm } from './useSchemaForm';

const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });

/** A one-field form whose save the server refuses as a duplicate. */
function DuplicateNameForm() {
  const { problems, submitWith, control } = useSchemaForm(schema, { name: '' });
  const submit = submitWith(async () => {
    throw new ApiError(409, 'A record with this name already exists.', []);
  });
  return (
    <form onSubmit={submit} noValidate>
      {problems.map((problem) => (
        <p key={problem} role="alert">
          {problem}
        </p>
      ))}
      <input aria-label="Name" {...control.register('name')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  it("keeps the server's refusal until the values it was about change", async () => {
    const user = userEvent.setup();
    render(<DuplicateNameForm />);
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A record with this name already exists.');

    await user.type(screen.getByLabelText('Name'), ' Rao');

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
