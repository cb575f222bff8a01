import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProfileImageKind } from '@school-transport/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PhotoAvatar } from './PhotoAvatar';
import { UpdateImageButton } from './UpdateImageButton';

/** One line of a details screen: a label and its value. */
export type Fact = readonly [label: string, value: ReactNode];

interface RecordSummaryProps {
  /** The heading, and whose photo it is. */
  name: string;
  photo: string | null;
  /** Lets the photo be replaced here ('Update Image'); without it the photo is only shown. */
  photoUpload?: { kind: ProfileImageKind; id: string };
  facts: readonly Fact[];
  /** The record's update screen, reached by the 'Update' button. */
  updatePath: string;
  /** Shown under the facts, e.g. a map. */
  children?: ReactNode;
}

/** The top of a details screen: photo, name, the record's facts and the way to change them. */
export function RecordSummary({ name, photo, photoUpload, facts, updatePath, children }: RecordSummaryProps) {
  return (
    <Paper sx={{ p: 3, display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'flex-start' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <PhotoAvatar src={photo} name={name} size={160} />
        {photoUpload && <UpdateImageButton kind={photoUpload.kind} id={photoUpload.id} name={name} />}
      </Stack>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {name}
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {children && <Box sx={{ mt: 3 }}>{children}</Box>}
        <Button
          component={RouterLink}
          to={updatePath}
          variant="contained"
          startIcon={<EditOutlinedIcon />}
          sx={{ mt: 3 }}
        >
          Update
        </Button>
      </Box>
    </Paper>
  );
}
