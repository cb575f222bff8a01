import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Vehicle } from '@school-transport/shared';
import { CredentialsPanel } from '../../components/credentials/CredentialsPanel';

/** A vehicle's registration, insurance, fitness certificate and permit: added, renewed, removed here. */
export function VehicleCredentialsDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>Credentials of {vehicle.licensePlate}</DialogTitle>
      <DialogContent>
        <CredentialsPanel holder={{ subject: 'VEHICLE', id: vehicle.id, name: vehicle.licensePlate }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
