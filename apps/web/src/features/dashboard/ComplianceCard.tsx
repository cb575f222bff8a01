import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CredentialStateChip } from '../../components/credentials/CredentialStateChip';
import { RetryAlert } from '../../components/page/RetryAlert';
import { formatDate } from '../../lib/time/format';
import { useComplianceSummary } from '../../components/credentials/credentials-api';
import { useAnswerDrawnLater } from '../../lib/api/use-answer-drawn-later';
import { paths } from '../../lib/paths/paths';

/**
 * Credentials that expired or expire within their kind's warning days (counts and the soonest ones), and the
 * vehicles an open out-of-service defect keeps off the road.
 */
export function ComplianceCard() {
  const summary = useComplianceSummary();
  // Drawn in slices a moment after its answer, like the dashboard's figures.
  const compliance = useAnswerDrawnLater(summary.data);
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="compliance-card-title">
      <Typography
        id="compliance-card-title"
        variant="subtitle1"
        component="h2"
        sx={{ fontWeight: 600, mb: 1 }}
      >
        Compliance
      </Typography>
      {summary.isError && <RetryAlert error={summary.error} onRetry={() => void summary.refetch()} />}
      {compliance === undefined && !summary.isError && <Skeleton height={80} />}
      {compliance && (
        <Stack spacing={1}>
          <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={`${paths.compliance}?state=expired`} color="inherit">
              Expired: {compliance.expired}
            </Link>
            <Link component={RouterLink} to={`${paths.compliance}?state=expiring`} color="inherit">
              Expiring soon: {compliance.expiring}
            </Link>
            <Typography>Vehicles out of service: {compliance.vehiclesOutOfService}</Typography>
          </Stack>
          {compliance.credentials.length === 0 ? (
            <Alert severity="success">Nothing expired or expiring soon.</Alert>
          ) : (
            <List dense disablePadding>
              {compliance.credentials.map((credential) => (
                <ListItem
                  key={credential.id}
                  disableGutters
                  secondaryAction={<CredentialStateChip credential={credential} />}
                >
                  <ListItemText
                    primary={`${credential.holder.name}: ${credential.kind.name}`}
                    secondary={`Expires ${formatDate(credential.expiresOn)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      )}
    </Paper>
  );
}
