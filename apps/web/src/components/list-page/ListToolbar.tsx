import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PAGE_SIZES, SEARCH_MAX } from '@school-transport/shared';
import { useState, type FormEvent, type ReactNode } from 'react';

interface SearchBoxProps {
  initialText: string;
  placeholder: string;
  onSearch: (text: string) => void;
}

/** Searches on submit (Enter or the button), not on every keystroke. */
function SearchBox({ initialText, placeholder, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(initialText);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };

  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ flex: '1 1 240px', maxWidth: 420 }}>
      <TextField
        type="search"
        size="small"
        label="Search"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        fullWidth
        slotProps={{
          htmlInput: { maxLength: SEARCH_MAX },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label="Submit search">
                  <SearchIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}

interface ListToolbarProps {
  search: string;
  searchPlaceholder: string;
  limit: number;
  onSearch: (text: string) => void;
  onLimitChange: (limit: number) => void;
  /** A list's own filters, beside the search. */
  children?: ReactNode;
}

export function ListToolbar({
  search,
  searchPlaceholder,
  limit,
  onSearch,
  onLimitChange,
  children,
}: ListToolbarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2 }}>
      {/* Keyed by the address's search, so back/forward puts that search back in the box. */}
      <SearchBox key={search} initialText={search} placeholder={searchPlaceholder} onSearch={onSearch} />
      {children}
      <TextField
        select
        size="small"
        label="Rows per page"
        value={limit}
        onChange={(event) => onLimitChange(Number(event.target.value))}
        sx={{ width: 140, ml: 'auto' }}
      >
        {PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
