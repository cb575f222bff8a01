import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

export interface MenuItem {
  label: string;
  path: string;
  icon: ComponentType<SvgIconProps>;
}

/**
 * The admin's management menu. It lists only screens that exist, so nobody clicks into a 404: each management
 * screen (Drivers, Parents, Students, Vehicles, Routes, Assignments, Trips) adds its line here when it lands.
 */
export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Dashboard', path: '/', icon: DashboardOutlinedIcon },
];
