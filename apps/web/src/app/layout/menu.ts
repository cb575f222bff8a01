import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DirectionsBusOutlinedIcon from '@mui/icons-material/DirectionsBusOutlined';
import FamilyRestroomOutlinedIcon from '@mui/icons-material/FamilyRestroomOutlined';
import RouteOutlinedIcon from '@mui/icons-material/RouteOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

export interface MenuItem {
  label: string;
  path: string;
  icon: ComponentType<SvgIconProps>;
}

/**
 * The admin's management menu. It lists only screens that exist, so nobody clicks into a 404: each management
 * screen still to come (Assignments, Trips) adds its line here, in the spec's order, when it lands.
 */
export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Dashboard', path: '/', icon: DashboardOutlinedIcon },
  { label: 'Drivers', path: '/all-drivers', icon: BadgeOutlinedIcon },
  { label: 'Parents', path: '/all-parents', icon: FamilyRestroomOutlinedIcon },
  { label: 'Students', path: '/all-students', icon: SchoolOutlinedIcon },
  { label: 'Vehicles', path: '/all-vehicles', icon: DirectionsBusOutlinedIcon },
  { label: 'Routes', path: '/all-routes', icon: RouteOutlinedIcon },
];
