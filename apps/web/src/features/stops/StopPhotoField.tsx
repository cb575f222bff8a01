import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Stop } from '@school-transport/shared';
import { useState } from 'react';
import { useRemoveProfileImage } from '../../components/images/profile-image-api';
import { UpdateImageButton } from '../../components/images/UpdateImageButton';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import { useResourceItem } from '../../lib/api/resource-api';
import { STOPS } from '../../lib/api/stop-search-api';

/**
 * A stop's photo in its form (decision 058): what the place looks like, for a driver new to it. Uploaded through
 * the same dialog as a vehicle's photo; removed after a confirmation. Read afresh, so a new photo shows at once.
 */
export function StopPhotoField({ stop }: { stop: Stop }) {
  const current = useResourceItem<Stop>(STOPS, stop.id).data ?? stop;
  const remove = useRemoveProfileImage('stop');
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        Photo for drivers
      </Typography>
      {current.profileImage ? (
        <Box
          component="img"
          src={current.profileImage}
          alt={`Photo of ${current.name}`}
          sx={{ width: '100%', maxHeight: 200, objectFit: 'cover', borderRadius: 1 }}
        />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>
          No photo yet. A photo of the place helps a driver who has never been there.
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <UpdateImageButton kind="stop" id={stop.id} name={current.name} />
        {current.profileImage && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            onClick={() => setConfirming(true)}
          >
            Remove Photo
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutateAsync(stop.id)}
        title="Remove Photo?"
        text={`Drivers will no longer see a photo of ${current.name}.`}
        confirmLabel="Remove"
      />
    </Stack>
  );
}
