import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/PageHeader';

/** The spec's admin dashboard shows only this text; a richer dashboard is a later issue. */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" showBack={false} />
      <Paper sx={{ p: 3 }}>
        <Typography>Admin Dashboard</Typography>
      </Paper>
    </>
  );
}
