import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { SEARCH_MAX, type CredentialSubject, type Driver, type Vehicle } from '@school-transport/shared';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';
import { RESOURCES, useResourceList } from '../../lib/api/resource-api';

/** Who holds a credential, as the forms name them. */
export interface CredentialHolder {
  subject: CredentialSubject;
  id: string;
  name: string;
}

export const holderKey = (holder: CredentialHolder) => `${holder.subject}:${holder.id}`;

/** Of each kind, as many as a list shows at once: typing narrows the rest (an operator may have thousands). */
const OPTIONS_LIMIT = 20;

const SUBJECTS = { DRIVER: 'Driver', VEHICLE: 'Vehicle' } as const;
/** How an option reads, in the list and to a screen reader: 'Driver: Dan Driver', 'Vehicle: KA01AB1234'. */
const optionText = (holder: CredentialHolder) => `${SUBJECTS[holder.subject]}: ${holder.name}`;

/**
 * The driver or vehicle a new credential is for, searched on the server as the user types (the same search as the
 * Drivers and Vehicles lists: a driver's name, e-mail, licence or phone, a vehicle's plate), drivers first.
 */
export function HolderPicker({
  value,
  onChange,
  autoFocus = false,
}: {
  value: CredentialHolder | undefined;
  onChange: (holder: CredentialHolder | undefined) => void;
  autoFocus?: boolean;
}) {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim().slice(0, SEARCH_MAX));
  const query = { page: 1, limit: OPTIONS_LIMIT, search };
  const drivers = useResourceList<Driver>(RESOURCES.drivers, query);
  const vehicles = useResourceList<Vehicle>(RESOURCES.vehicles, query);
  const found: CredentialHolder[] = [
    ...drivers.rows.map((d) => ({ subject: 'DRIVER' as const, id: d.id, name: d.user.name })),
    ...vehicles.rows.map((v) => ({ subject: 'VEHICLE' as const, id: v.id, name: v.licensePlate })),
  ];
  // The chosen one stays offered whatever the search, so the box can always show it.
  const options =
    value && !found.some((option) => holderKey(option) === holderKey(value)) ? [value, ...found] : found;
  const failed = drivers.isError || vehicles.isError;
  // While the typed text has not reached the server yet, what is listed is the previous search's.
  const searching = drivers.isFetching || vehicles.isFetching || search !== typed.trim().slice(0, SEARCH_MAX);

  return (
    <Autocomplete<CredentialHolder>
      options={options}
      value={value ?? null}
      onChange={(_event, chosen) => onChange(chosen ?? undefined)}
      // The input shows the chosen holder after a choice; only what the user types is a search.
      onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
      filterOptions={(unfiltered) => unfiltered}
      // Not grouped under headings: MUI's groups put a list in the listbox, which screen readers do not expect.
      getOptionLabel={(option) => option.name}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {optionText(option)}
        </li>
      )}
      getOptionKey={holderKey}
      isOptionEqualToValue={(option, chosen) => holderKey(option) === holderKey(chosen)}
      loading={searching}
      loadingText="Searching…"
      noOptionsText={
        failed
          ? 'The drivers and vehicles could not be loaded. Type again to retry.'
          : search
            ? `No driver or vehicle matches "${search}"`
            : 'There are no drivers or vehicles yet'
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Holder"
          placeholder="Driver's name or vehicle's plate"
          required
          autoFocus={autoFocus}
          helperText="Type to search all drivers and vehicles"
        />
      )}
    />
  );
}
