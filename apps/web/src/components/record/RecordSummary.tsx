import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProfileImageKind } from '@school-transport/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { FactList, type Fact } from './FactList';
import { PhotoAvatar } from '../images/PhotoAvatar';
import { UpdateImageButton } from '../images/UpdateImageButton';
import { useMayUse } from '../../lib/session/session';

export type { Fact } from './FactList';

interface RecordSummaryProps {
  /** The heading, and whose photo it is. */
  name: string;
  /** What the record is, above its name where a page shows several (the driver of an assignment). */
  caption?: string;
  /** The photo path, null when none was uploaded; left out for a record that never has one (a route). */
  photo?: string | null;
  /** Lets the photo be replaced here ('Update Image'); without it the photo is only shown. */
  photoUpload?: { kind: ProfileImageKind; id: string };
  /** Size of the photo: a page that shows several records shows smaller ones. */
  photoSize?: number;
  facts: readonly Fact[];
  /** The record's update screen, reached by the 'Update' button; none for a record edited elsewhere. */
  updatePath?: string;
  /** Shown under the facts, e.g. a map. */
  children?: ReactNode;
}

/** The top of a details screen: photo, name, the record's facts and the way to change them. */
export function RecordSummary({
  name,
  caption,
  photo,
  photoUpload,
  photoSize = 160,
  facts,
  updatePath,
  children,
}: RecordSummaryProps) {
  // The photo and the record are changed by administrators only (decision 077): others see the page without them.
  const changes = useMayUse('admin');
  return (
    <Paper sx={{ p: 3, display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'flex-start' }}>
      {photo !== undefined && (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <PhotoAvatar src={photo} name={name} size={photoSize} />
          {changes && photoUpload && (
            <UpdateImageButton kind={photoUpload.kind} id={photoUpload.id} name={name} />
          )}
        </Stack>
      )}
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        {caption && (
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
            {caption}
          </Typography>
        )}
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {name}
        </Typography>
        <FactList facts={facts} />
        {children && <Box sx={{ mt: 3 }}>{children}</Box>}
        {changes && updatePath && (
          <Button
            component={RouterLink}
            to={updatePath}
            variant="contained"
            startIcon={<EditOutlinedIcon />}
            sx={{ mt: 3 }}
          >
            Update
          </Button>
        )}
      </Box>
    </Paper>
  );
}
