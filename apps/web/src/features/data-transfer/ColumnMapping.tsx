import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { IMPORT_FIELDS, type ImportKind, type ImportMapping } from '@school-transport/shared';

interface ColumnMappingProps {
  kind: ImportKind;
  headers: string[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}

const NONE = '';

/** Which column of the file fills each field: guessed from the headers, changed here. */
export function ColumnMapping({ kind, headers, mapping, onChange }: ColumnMappingProps) {
  return (
    <Box
      component="fieldset"
      sx={{
        border: 0,
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      <legend style={{ padding: 0, marginBottom: 8 }}>Columns of the file</legend>
      {IMPORT_FIELDS[kind].map((field) => (
        <TextField
          key={field.key}
          select
          size="small"
          label={field.label}
          required={field.required}
          value={mapping[field.key] ?? NONE}
          onChange={(event) => {
            const { [field.key]: _left, ...others } = mapping;
            onChange(event.target.value === NONE ? others : { ...others, [field.key]: event.target.value });
          }}
        >
          <MenuItem value={NONE}>
            <em>Not in the file</em>
          </MenuItem>
          {headers.map((header) => (
            <MenuItem key={header} value={header}>
              {header}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
}
