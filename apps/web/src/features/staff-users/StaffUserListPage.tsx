import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineOutlinedIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import Button from '@mui/material/Button';
import { ROLE_LABELS, type StaffUser } from '@school-transport/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/page/ConfirmDialog';
import type { Column } from '../../components/list-page/columns';
import { ListPage } from '../../components/list-page/ListPage';
import { RowActionsMenu, type RowAction } from '../../components/list-page/RowActionsMenu';
import { formatMoment } from '../../lib/time/format';
import { RESOURCES } from '../../lib/api/resource-api';
import { useMayUse, useSession } from '../../lib/session/session';
import { useDisableAccount, useEnableAccount, useResendInvitation } from './staff-users-api';
import { InviteAdminDialog } from './InviteAdminDialog';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { AccountStateChip } from '../../components/account/AccountStateChip';
import { SCREEN_HEADINGS } from '../../lib/paths/screen-headings';

type OpenDialog =
  { kind: 'invite' } | { kind: 'disable'; account: StaffUser } | { kind: 'role'; account: StaffUser } | null;

/**
 * Staff users and invitations: invite with a role, change a role and schools, resend, disable and enable (an
 * administrator's; the other office roles read the list). Nobody is offered to change their own role or to disable
 * themselves.
 */
export function StaffUserListPage() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { user } = useSession();
  const resend = useResendInvitation();
  const disable = useDisableAccount();
  const enable = useEnableAccount();
  const close = () => setDialog(null);
  const manages = useMayUse('admin');

  const actionsOf = (account: StaffUser): RowAction[] => {
    const actions: RowAction[] = [];
    // Nobody changes their own role or disables themselves: another administrator does (the last one stays).
    if (!manages || account.id === user?.id) return actions;
    actions.push({
      label: 'Change role',
      icon: <ManageAccountsOutlinedIcon />,
      onClick: () => setDialog({ kind: 'role', account }),
    });
    if (account.status === 'invited') {
      actions.push({
        label: 'Resend invitation',
        icon: <SendOutlinedIcon />,
        onClick: () => resend.mutate(account.id),
      });
    }
    if (account.status === 'disabled') {
      actions.push({
        label: 'Enable',
        icon: <CheckCircleOutlineOutlinedIcon />,
        onClick: () => enable.mutate(account.id),
      });
    } else {
      actions.push({
        label: 'Disable',
        icon: <BlockIcon />,
        onClick: () => setDialog({ kind: 'disable', account }),
      });
    }
    return actions;
  };

  const columns: Column<StaffUser>[] = [
    { header: 'Name', sort: 'name', cell: (account) => account.name },
    { header: 'Email', sort: 'email', card: 'field', cell: (account) => account.email },
    {
      header: 'Role',
      card: 'field',
      cell: (account) =>
        account.role === 'school_staff'
          ? `${ROLE_LABELS.school_staff} (${account.schools.map((school) => school.name).join(', ')})`
          : ROLE_LABELS[account.role],
    },
    { header: 'Status', card: 'field', cell: (account) => <AccountStateChip state={account.status} /> },
    {
      header: 'Last sign-in',
      nowrap: true,
      cell: (account) => (account.lastLoginAt ? formatMoment(account.lastLoginAt) : 'Never'),
    },
    {
      header: 'Actions',
      align: 'right',
      cell: (account) => {
        const actions = actionsOf(account);
        return (
          actions.length > 0 && <RowActionsMenu label={`Actions for ${account.name}`} actions={actions} />
        );
      },
    },
  ];

  return (
    <>
      <ListPage
        title={SCREEN_HEADINGS.staffUsers.title}
        resource={RESOURCES.staffUsers}
        things="staff users"
        columns={columns}
        searchPlaceholder="Name or email"
        defaultSortLabel="Newest first"
        headerAction={
          manages && (
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1OutlinedIcon />}
              onClick={() => setDialog({ kind: 'invite' })}
            >
              Invite staff
            </Button>
          )
        }
      />
      {dialog?.kind === 'invite' && <InviteAdminDialog onClose={close} />}
      {dialog?.kind === 'role' && <ChangeRoleDialog account={dialog.account} onClose={close} />}
      {dialog?.kind === 'disable' && (
        <ConfirmDialog
          open
          title="Disable account?"
          text={`${dialog.account.name} (${dialog.account.email}) will be signed out on every device at once and cannot sign in until the account is enabled again.`}
          confirmLabel="Disable"
          onConfirm={() => disable.mutateAsync(dialog.account.id)}
          onClose={close}
        />
      )}
    </>
  );
}
