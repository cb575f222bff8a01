import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import { useId, useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { mayUse, type Access } from '@school-transport/shared';
import { useSession } from '../../lib/session/session';

/**
 * One action of a row. `access` is what the action needs (decision 069): a link reads ('office-read') and a
 * command writes ('admin') unless it says otherwise, so a viewer's menus hold only what they may do.
 */
export type RowAction = { label: string; icon: ReactElement; access?: Access } & (
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
    { label: updateLabel, icon: <EditOutlinedIcon />, to: updatePath, access: 'admin' },
    { label: 'Delete', icon: <DeleteOutlinedIcon />, onClick: onDelete },
  ];
}

interface RowActionsMenuProps {
  /** Accessible name of the button, e.g. 'Actions for Jane Doe': every row has one. */
  label: string;
  actions: readonly RowAction[];
}

/** The class of the row's button; its look is given once by the list around it (ROW_ACTIONS_BUTTON_STYLES). */
const BUTTON_CLASS = 'RowActions-button';

/** MUI's "more" icon (MoreVert), drawn as a plain SVG: 100 SvgIcon components cost more than their paths. */
const MORE_VERT_PATH =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';

/**
 * The look of every row's actions button, as MUI's IconButton draws it (40 px round, the theme's icon colour and
 * hover shade), with the focus outline the app uses without ripples. The list (its table or cards) gives it once
 * for all its rows: a style object per button would be 100 style computations on a phone (decision 063).
 */
export const ROW_ACTIONS_BUTTON_STYLES = (theme: Theme) => ({
  [`& .${BUTTON_CLASS}`]: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: '0 0 auto',
    boxSizing: 'border-box',
    width: 40,
    height: 40,
    padding: 0,
    margin: 0,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    color: theme.palette.action.active,
    cursor: 'pointer',
    verticalAlign: 'middle',
    transition: theme.transitions.create('background-color', {
      duration: theme.transitions.duration.shortest,
    }),
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
    '&:focus-visible': {
      backgroundColor: theme.palette.action.focus,
      outline: `2px solid ${theme.palette.text.primary}`,
      outlineOffset: 2,
    },
    '& > svg': { width: 24, height: 24, fill: 'currentColor', flexShrink: 0 },
  },
});

/**
 * The Actions cell of a list row: one button opening a menu of links and commands. The button is a plain
 * `<button>` with a class (not MUI's IconButton, a ButtonBase with its ripple and focus tracking): a page of 100
 * cards drew 100 of them in its first screens (decision 063). The menu (a Popover in a Modal, a dozen components) is
 * first built when the button is first pressed and then kept, so that it still fades out as it closes: a list of
 * 100 rows rendered 100 closed menus before (decision 038).
 */
export function RowActionsMenu({ label, actions: offered }: RowActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const { role } = useSession();
  const close = () => setAnchor(null);
  const actions = offered.filter(
    (action) =>
      role !== null && mayUse(role, action.access ?? (action.to === undefined ? 'admin' : 'office-read')),
  );
  if (actions.length === 0) return null;

  return (
    <>
      <button
        type="button"
        className={BUTTON_CLASS}
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={MORE_VERT_PATH} />
        </svg>
      </button>
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
