import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DirectionsBusOutlinedIcon from '@mui/icons-material/DirectionsBusOutlined';
import FamilyRestroomOutlinedIcon from '@mui/icons-material/FamilyRestroomOutlined';
import RouteOutlinedIcon from '@mui/icons-material/RouteOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

export interface MenuItem {
  label: string;
  path: string;
  icon: ComponentType<SvgIconProps>;
}

/** The admin's management menu (DESIGN.md "How to read the spec"), in the spec's order. */
export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Dashboard', path: '/', icon: DashboardOutlinedIcon },
  { label: 'Drivers', path: '/all-drivers', icon: BadgeOutlinedIcon },
  { label: 'Parents', path: '/all-parents', icon: FamilyRestroomOutlinedIcon },
  { label: 'Students', path: '/all-students', icon: SchoolOutlinedIcon },
  { label: 'Vehicles', path: '/all-vehicles', icon: DirectionsBusOutlinedIcon },
  { label: 'Routes', path: '/all-routes', icon: RouteOutlinedIcon },
  { label: 'Assignments', path: '/all-assignments', icon: AssignmentIndOutlinedIcon },
  { label: 'Trips', path: '/all-trips', icon: TimelineOutlinedIcon },
  { label: 'Staff users', path: '/staff-users', icon: ManageAccountsOutlinedIcon },
  { label: 'Audit log', path: '/audit-log', icon: HistoryOutlinedIcon },
];
