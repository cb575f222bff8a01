import { childInputSchema, type AddressCandidate } from '@school-transport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWatch } from 'react-hook-form';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { renderWithProviders } from '../../test/render-app';
import { AddressSearchField } from './AddressSearchField';
import { EMPTY_CHILD_FORM } from './child-form';

const json = (data: unknown) =>
  new Response(JSON.stringify({ success: true, type: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const OAK: AddressCandidate = { label: '1 Oak Street, Leeds', lat: 53.8, lng: -1.55, rank: 30 };

/** The server: a geocoder configured or not; every search it is asked, by its text. */
function serve(configured: boolean) {
  const searches: string[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://office');
    if (url.pathname === '/api/settings')
      return json({ mapTileUrl: '', mapAttribution: '', timeZone: 'UTC' });
    if (url.pathname === '/api/geocoding/status') return json({ configured });
    if (url.pathname === '/api/geocoding/search') {
      searches.push(url.searchParams.get('q')!);
      return json({ configured, candidates: url.searchParams.get('q')!.startsWith('1 Oak') ? [OAK] : [] });
    }
    throw new Error(`unexpected ${url}`);
  });
  return { spy, searches };
}
afterEach(() => vi.restoreAllMocks());

/** The field in a child form, with the form's point and its source shown as text. */
function Harness() {
  const { control, setValue } = useSchemaForm(childInputSchema, EMPTY_CHILD_FORM, { guardLeaving: false });
  const [lat, lng, source] = useWatch({
    control,
    name: ['pickupAndDropLat', 'pickupAndDropLng', 'homeSource'],
  });
  return (
    <>
      <AddressSearchField control={control} setValue={setValue} />
      <output aria-label="point">{`${String(lat)},${String(lng)} by ${String(source)}`}</output>
    </>
  );
}

describe('the home address field', () => {
  it('asks the geocoder through our API once typing pauses, and a picked place sets the point', async () => {
    const { searches } = serve(true);
    renderWithProviders(<Harness />);
    const field = await screen.findByRole('combobox', { name: /home address/i });
    // Keys without pauses between them, as a quick typist's: the debounce sees one text.
    await userEvent.setup({ delay: null }).type(field, '1 Oak St');
    expect(await screen.findByRole('option', { name: OAK.label })).toBeInTheDocument();
    // Typed letter by letter, asked once: after the pause, for the whole text.
    expect(searches).toEqual(['1 Oak St']);
    await userEvent.click(screen.getByRole('option', { name: OAK.label }));
    expect(screen.getByRole('status', { name: 'point' })).toHaveTextContent('53.8,-1.55 by GEOCODER');
    // The typed line stays what the record keeps.
    expect(field).toHaveValue('1 Oak St');
    expect(screen.getByText(`Home placed at ${OAK.label}.`)).toBeInTheDocument();
  });

  it('says search is not configured without a geocoder, and asks nothing', async () => {
    const { searches } = serve(false);
    renderWithProviders(<Harness />);
    expect(
      await screen.findByText(/Address search is not configured.*click the home on the map/),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: /home address/i }), '1 Oak Street');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /home address/i })).toHaveValue('1 Oak Street'),
    );
    // The search is off without a geocoder: nothing is asked however long the pause.
    expect(searches).toEqual([]);
    expect(screen.getByText(/Address search is not configured/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'point' })).toHaveTextContent(', by HAND');
  });
});
