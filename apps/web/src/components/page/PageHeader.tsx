import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../lib/paths/paths';

export interface Breadcrumb {
  label: string;
  to: string;
}

interface PageHeaderProps {
  title: string;
  /** Links between Home and the current page. */
  breadcrumbs?: Breadcrumb[];
  /** Label of the current page in the trail; the title by default. */
  current?: string;
  showBack?: boolean;
  /** The breadcrumb trail from Home; the dashboard, which is Home, has none. */
  trail?: boolean;
  /** A button for the page as a whole (e.g. 'Add New Driver'), at the end of the heading line. */
  action?: ReactNode;
}

export function PageHeader({
  title,
  breadcrumbs = [],
  current = title,
  showBack = true,
  trail = true,
  action,
}: PageHeaderProps) {
  const navigate = useNavigate();

  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {showBack && (
          <Tooltip title="Go back">
            <IconButton onClick={() => navigate(-1)} edge="start">
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
        )}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action && <Box sx={{ ml: 'auto' }}>{action}</Box>}
      </Box>
      {trail && (
        <Breadcrumbs aria-label="Breadcrumb" sx={{ mt: 0.5 }}>
          <Link component={RouterLink} to={paths.dashboard} underline="hover" color="inherit">
            Home
          </Link>
          {breadcrumbs.map(({ label, to }) => (
            <Link key={to} component={RouterLink} to={to} underline="hover" color="inherit">
              {label}
            </Link>
          ))}
          <Typography aria-current="page" sx={{ color: 'text.primary' }}>
            {current}
          </Typography>
        </Breadcrumbs>
      )}
    </Box>
  );
}
