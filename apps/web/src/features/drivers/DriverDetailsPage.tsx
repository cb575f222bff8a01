import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Driver } from '@school-transport/shared';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PhotoAvatar } from '../../components/PhotoAvatar';
import { formatDate, orDash } from '../../lib/format';
import { DriverGate } from './DriverGate';
import { DRIVER_LIST_PATH, updateDriverPath } from './paths';

const BREADCRUMBS = [{ label: 'All Drivers', to: DRIVER_LIST_PATH }];

function DriverDetails({ driver }: { driver: Driver }) {
  const facts: [string, string][] = [
    ['Phone', driver.phone],
    ['Alternative Phone', orDash(driver.alternativePhone)],
    ['Email', driver.user.email],
    ['License No', driver.licenseNo],
    ['Joined', formatDate(driver.createdAt)],
    ['Address', orDash(driver.address)],
  ];

  return (
    <Paper sx={{ p: 3, display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'flex-start' }}>
      <PhotoAvatar src={driver.profileImage} name={driver.user.name} size={160} />
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {driver.user.name}
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
        <Button
          component={RouterLink}
          to={updateDriverPath(driver.id)}
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

export function DriverDetailsPage() {
  return (
    <>
      <PageHeader title="Driver Details" breadcrumbs={BREADCRUMBS} />
      <DriverGate>{(driver) => <DriverDetails driver={driver} />}</DriverGate>
    </>
  );
}
