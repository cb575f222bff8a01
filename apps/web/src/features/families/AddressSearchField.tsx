import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { AddressCandidate, ChildInput } from '@school-transport/shared';
import { useState } from 'react';
import { useController, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';
import type { ChildPayload } from './child-form';
import { useAddressSearch, useGeocoderStatus } from './geocoding-api';

/** Fewer letters than this find too much to be worth asking the geocoder (the server refuses them too). */
const MIN_SEARCH = 3;
/** A pause this long in typing asks the geocoder: Nominatim allows one request a second for everyone. */
export const ADDRESS_SEARCH_DELAY_MS = 500;

interface AddressSearchFieldProps {
  control: Control<ChildInput, unknown, ChildPayload>;
  setValue: UseFormSetValue<ChildInput>;
}

/**
 * A child's home address (its free line), with the geocoder's suggestions as the user types (decision 072), asked
 * through our API after a pause. Picking one sets the home point (the geocoder's); without a pick the server places
 * the address on save. With no geocoder configured the field says so, and the map below still sets the point.
 */
export function AddressSearchField({ control, setValue }: AddressSearchFieldProps) {
  const status = useGeocoderStatus();
  const configured = status.data?.configured === true;
  const [addressCity, addressCountry] = useWatch({ control, name: ['addressCity', 'addressCountry'] });
  const { field, fieldState } = useController({ control, name: 'pickupDropAddress' });
  // Only what the user types is a search: not the stored address a form opens with, nor a picked place.
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<AddressCandidate | null>(null);
  const search = useDebouncedValue(typed.trim(), ADDRESS_SEARCH_DELAY_MS);
  const results = useAddressSearch(
    search,
    { addressCity: addressCity ?? '', addressCountry: addressCountry ?? '' },
    configured && search.length >= MIN_SEARCH,
  );

  const pick = (place: AddressCandidate) => {
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('pickupAndDropLat', String(place.lat), options);
    setValue('pickupAndDropLng', String(place.lng), options);
    setValue('homeSource', 'GEOCODER', { shouldDirty: true });
    setPicked(place);
  };

  const helperText =
    fieldState.error?.message ??
    (status.isPending
      ? ' '
      : !configured
        ? 'Address search is not configured on this server: click the home on the map below.'
        : results.isError
          ? 'The address search did not answer: click the home on the map below.'
          : picked
            ? `Home placed at ${picked.label}.`
            : 'Type the street and number, then pick a suggestion; or leave it to be placed on save.');

  return (
    <Autocomplete<AddressCandidate, false, false, true>
      freeSolo
      options={configured ? (results.data?.candidates ?? []) : []}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      getOptionKey={(option) =>
        typeof option === 'string' ? option : `${option.lat},${option.lng},${option.label}`
      }
      value={null}
      inputValue={field.value ?? ''}
      onInputChange={(_event, text, reason) => {
        // A pick puts the place's label in the box ('reset'): the typed line is what the record keeps.
        if (reason !== 'input') return;
        field.onChange(text);
        setTyped(text);
        setPicked(null);
      }}
      onChange={(_event, chosen) => {
        if (chosen && typeof chosen !== 'string') pick(chosen);
      }}
      loading={
        results.isFetching || (configured && search !== typed.trim() && typed.trim().length >= MIN_SEARCH)
      }
      loadingText="Searching…"
      noOptionsText={search.length < MIN_SEARCH ? 'Type at least 3 letters' : 'No place found: click the map'}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label="Home address (street and number)"
          autoComplete="off"
          error={fieldState.invalid}
          helperText={helperText}
        />
      )}
    />
  );
}
