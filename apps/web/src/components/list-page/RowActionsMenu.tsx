import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';

export type RowAction = { label: string; icon: ReactElement } & (
  { to: string; onClick?: never } | { onClick: () => void; to?: never }
);

interface RecordActionsOptions {
  viewPath: string;
  updatePath: string;
  /** Opens the delete confirmation. */
  onDelete: () => void;
  /** The update action's label: 'Edit' on the driver list, 'Update' on the others. */
  updateLabel?: string;
}

/** The usual actions of a record's row: View and Update, links to its screens, and Delete. */
export function recordActions({
  viewPath,
  updatePath,
  onDelete,
  updateLabel = 'Update',
}: RecordActionsOptions): RowAction[] {
  return [
    { label: 'View', icon: <VisibilityOutlinedIcon />, to: viewPath },
    { label: updateLabel, icon: <EditOutlinedIcon />, to: updatePath },
    { label: 'Delete', icon: <DeleteOutlinedIcon />, onClick: onDelete },
  ];
}

interface RowActionsMenuProps {
  /** Accessible name of the button, e.g. 'Actions for Jane Doe': every row has one. */
  label: string;
  actions: readonly RowAction[];
}

/**
 * The Actions cell of a list row: one button opening a menu of links and commands. The menu (a Popover in a Modal,
 * a dozen components) is first built when the button is first pressed and then kept, so that it still fades out
 * as it closes: a list of 100 rows rendered 100 closed menus before (decision 038).
 */
export function RowActionsMenu({ label, actions }: RowActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      {opened && (
        <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
          {actions.map(({ label: actionLabel, icon, to, onClick }) => {
            const content = (
              <>
                <ListItemIcon>{icon}</ListItemIcon>
                <ListItemText>{actionLabel}</ListItemText>
              </>
            );
            return to !== undefined ? (
              <MenuItem key={actionLabel} component={RouterLink} to={to} onClick={close}>
                {content}
              </MenuItem>
            ) : (
              <MenuItem
                key={actionLabel}
                onClick={() => {
                  close();
                  onClick();
                }}
              >
                {content}
              </MenuItem>
            );
          })}
        </Menu>
      )}
    </>
  );
}
