import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Student } from '@school-transport/shared';
import { useEffect, useState } from 'react';

/** What the driver app's camera reads off the card (features/driver-app/scan-codes.ts reads the same form). */
export const studentCardCode = (studentId: string) => `schoolride:student:${studentId}`;

const CARD_CLASS = 'student-ride-card';

/** The QR code as an image: the encoder is a download of its own, fetched when a card is first shown. */
function useQrImage(text: string) {
  const [state, setState] = useState<{ url?: string; failed?: boolean }>({});
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: 'M' }))
      .then((url) => current && setState({ url }))
      .catch(() => current && setState({ failed: true }));
    return () => {
      current = false;
    };
  }, [text]);
  return state;
}

/**
 * The child's ride card: name, class and a QR code the driver app scans to record boarding and leaving. Print
 * prints the card alone (the print rules hide the rest of the page).
 */
export function StudentCard({ student }: { student: Pick<Student, 'id' | 'name' | 'class'> }) {
  const qr = useQrImage(studentCardCode(student.id));
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            [`.${CARD_CLASS}, .${CARD_CLASS} *`]: { visibility: 'visible' },
            [`.${CARD_CLASS}`]: { position: 'absolute', left: 0, top: 0 },
          },
        }}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Ride card
        </Typography>
        <Button
          variant="outlined"
          startIcon={<PrintOutlinedIcon />}
          onClick={() => window.print()}
          disabled={!qr.url}
        >
          Print
        </Button>
      </Box>
      <Box
        className={CARD_CLASS}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 2,
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: '#fff',
          color: '#000',
          maxWidth: '100%',
          flexWrap: 'wrap',
        }}
      >
        {qr.url ? (
          <Box
            component="img"
            src={qr.url}
            alt={`QR code of ${student.name}'s ride card`}
            sx={{ width: 140, height: 140 }}
          />
        ) : qr.failed ? (
          <Alert severity="error">The QR code could not be made.</Alert>
        ) : (
          <CircularProgress aria-label="Making the QR code" />
        )}
        <div>
          <Typography sx={{ fontWeight: 700, fontSize: 20 }}>{student.name}</Typography>
          <Typography>Class {student.class}</Typography>
          <Typography variant="caption">SchoolRide</Typography>
        </div>
      </Box>
    </Paper>
  );
}
