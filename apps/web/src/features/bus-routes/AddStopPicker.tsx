import AddIcon from '@mui/icons-material/Add';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { Stop } from '@school-transport/shared';
import { useState } from 'react';
import { useStopSearch } from '../../lib/api/stop-search-api';
import { useDebouncedValue } from '../../lib/time/use-debounced-value';

interface AddStopPickerProps {
  /** Stops already on the run: not offered again (a stop appears once on a run). */
  taken: ReadonlySet<string>;
  onAdd: (stop: Stop) => void;
}

/** Choose an existing stop by name or address and append it to the run. */
export function AddStopPicker({ taken, onAdd }: AddStopPickerProps) {
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<Stop | null>(null);
  const search = useDebouncedValue(typed.trim().slice(0, 100));
  const { data = [], isFetching, isError } = useStopSearch(search);
  const options = data.filter((stop) => !taken.has(stop.id));

  const add = () => {
    if (!chosen) return;
    onAdd(chosen);
    setChosen(null);
    setTyped('');
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      <Autocomplete
        sx={{ flex: '1 1 240px' }}
        options={options}
        value={chosen}
        onChange={(_event, stop) => setChosen(stop)}
        onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
        filterOptions={(unfiltered) => unfiltered}
        getOptionLabel={(stop) => (stop.address ? `${stop.name} — ${stop.address}` : stop.name)}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        loading={isFetching}
        noOptionsText={
          isError ? 'The stops could not be loaded' : search ? 'No stop matches' : 'No stops left to add'
        }
        renderInput={(params) => <TextField {...params} label="Existing stop" size="small" />}
      />
      <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={!chosen}>
        Add stop
      </Button>
    </Box>
  );
}
