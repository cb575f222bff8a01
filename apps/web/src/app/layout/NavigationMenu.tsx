import List from '@mui/material/List';
import Badge from '@mui/material/Badge';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink, useMatch } from 'react-router';
import { useFamilyInboxUnread } from '../../lib/api/family-inbox-unread-api';
import { paths } from '../../lib/paths/paths';
import { useSession } from '../../lib/session/session';
import { menuFor, type MenuItem } from './menu';

interface NavigationMenuProps {
  /** Icons only, as in the collapsed desktop drawer; the labels then show as tooltips. */
  compact: boolean;
  onNavigate?: () => void;
}

export function NavigationMenu({ compact, onNavigate }: NavigationMenuProps) {
  const { role } = useSession();
  const items = menuFor(role);
  // The family inbox's unread conversations (decision 067) show on its entry, for the roles that have it.
  const unread = useFamilyInboxUnread(items.some((item) => item.path === paths.familyInbox)).data ?? 0;
  // The list inside the landmark, not the landmark itself: its items need a <ul> around them.
  return (
    <nav aria-label="Main menu">
      <List>
        {items.map((item) => (
          <MenuLink
            key={item.path}
            item={item}
            compact={compact}
            onNavigate={onNavigate}
            count={item.path === paths.familyInbox ? unread : 0}
          />
        ))}
      </List>
    </nav>
  );
}

function MenuLink({
  item: { label, path, icon: Icon },
  compact,
  onNavigate,
  count,
}: NavigationMenuProps & { item: MenuItem; count: number }) {
  const current = useMatch(path) !== null;
  return (
    <ListItem disablePadding>
      <Tooltip
        title={label}
        placement="right"
        disableHoverListener={!compact}
        disableFocusListener={!compact}
        disableTouchListener={!compact}
      >
        <ListItemButton
          component={RouterLink}
          to={path}
          selected={current}
          aria-current={current ? 'page' : undefined}
          onClick={onNavigate}
          sx={{ minHeight: 48, px: 2.5, justifyContent: compact ? 'center' : 'flex-start' }}
        >
          <ListItemIcon sx={{ minWidth: 0, mr: compact ? 0 : 2, justifyContent: 'center' }}>
            <Badge color="primary" badgeContent={count} invisible={count === 0}>
              <Icon />
            </Badge>
          </ListItemIcon>
          {/* Hidden, not removed, when compact: the link keeps its accessible name. */}
          <ListItemText
            primary={count ? `${label} (${count} unread)` : label}
            sx={{ opacity: compact ? 0 : 1, whiteSpace: 'nowrap' }}
          />
        </ListItemButton>
      </Tooltip>
    </ListItem>
  );
}
