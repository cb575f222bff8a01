import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { DashboardSummary } from '@school-transport/shared';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { SECTIONS, type Section } from '../../lib/paths/sections';

type Counted = keyof DashboardSummary['counts'];

/** Each count with the section it leads to, in the menu's order. */
const COUNTED: readonly (readonly [Counted, Section])[] = [
  ['drivers', SECTIONS.drivers],
  ['parents', SECTIONS.parents],
  ['students', SECTIONS.students],
  ['vehicles', SECTIONS.vehicles],
  ['routes', SECTIONS.busRoutes],
  ['assignments', SECTIONS.assignments],
];

interface CountCardProps {
  label: string;
  path: string;
  /** Undefined while loading. */
  count: number | undefined;
}

function CountCard({ label, path, count }: CountCardProps) {
  const labelId = useId();
  const countId = useId();
  return (
    <Card sx={{ height: '100%' }}>
      {/* Named by its label and described by its count: 'Drivers', '12'. */}
      <CardActionArea
        component={RouterLink}
        to={path}
        aria-labelledby={labelId}
        aria-describedby={countId}
        sx={{ height: '100%' }}
      >
        <CardContent>
          <Typography id={labelId} sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography id={countId} variant="h4" component="p" sx={{ fontWeight: 700 }}>
            {count ?? <Skeleton width={56} />}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** How many of each record there are. */
export function CountCards({ counts }: { counts: DashboardSummary['counts'] | undefined }) {
  return (
    <Grid container spacing={2}>
      {COUNTED.map(([key, { label, path }]) => (
        <Grid key={key} size={{ xs: 6, sm: 4, lg: 2 }}>
          <CountCard label={label} path={path} count={counts?.[key]} />
        </Grid>
      ))}
    </Grid>
  );
}
