import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import AltRouteOutlinedIcon from '@mui/icons-material/AltRouteOutlined';
import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import DirectionsBusOutlinedIcon from '@mui/icons-material/DirectionsBusOutlined';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import FamilyRestroomOutlinedIcon from '@mui/icons-material/FamilyRestroomOutlined';
import RouteOutlinedIcon from '@mui/icons-material/RouteOutlined';
import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import MuseumOutlinedIcon from '@mui/icons-material/MuseumOutlined';
import PriceChangeOutlinedIcon from '@mui/icons-material/PriceChangeOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import TimelineOutlinedIcon from '@mui/icons-material/TimelineOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import EditLocationAltOutlinedIcon from '@mui/icons-material/EditLocationAltOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import PunchClockOutlinedIcon from '@mui/icons-material/PunchClockOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import ImportExportOutlinedIcon from '@mui/icons-material/ImportExportOutlined';
import SyncOutlinedIcon from '@mui/icons-material/SyncOutlined';
import InsertChartOutlinedIcon from '@mui/icons-material/InsertChartOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import TodayOutlinedIcon from '@mui/icons-material/TodayOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import LocalLibraryOutlinedIcon from '@mui/icons-material/LocalLibraryOutlined';
import WrongLocationOutlinedIcon from '@mui/icons-material/WrongLocationOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { mayUse, type StaffRole } from '@school-transport/shared';
import type { ComponentType } from 'react';
import { SECTIONS, type Section } from '../../lib/paths/sections';

export interface MenuItem extends Section {
  icon: ComponentType<SvgIconProps>;
}

const ICONS: Record<keyof typeof SECTIONS, ComponentType<SvgIconProps>> = {
  liveMap: MapOutlinedIcon,
  today: TodayOutlinedIcon,
  dashboard: DashboardOutlinedIcon,
  drivers: BadgeOutlinedIcon,
  parents: FamilyRestroomOutlinedIcon,
  students: SchoolOutlinedIcon,
  vehicles: DirectionsBusOutlinedIcon,
  busRoutes: RouteOutlinedIcon,
  stops: PlaceOutlinedIcon,
  schools: AccountBalanceOutlinedIcon,
  planner: AltRouteOutlinedIcon,
  calendar: EventOutlinedIcon,
  stopChanges: EditLocationAltOutlinedIcon,
  planChanges: TaskAltOutlinedIcon,
  addressReview: WrongLocationOutlinedIcon,
  familyInbox: ForumOutlinedIcon,
  guardianRequests: GroupAddOutlinedIcon,
  assignments: AssignmentIndOutlinedIcon,
  trips: TimelineOutlinedIcon,
  covers: SwapHorizOutlinedIcon,
  fieldTrips: MuseumOutlinedIcon,
  fieldTripRates: PriceChangeOutlinedIcon,
  fieldTripInvoices: ReceiptLongOutlinedIcon,
  familyMessages: CampaignOutlinedIcon,
  reports: InsertChartOutlinedIcon,
  compliance: VerifiedUserOutlinedIcon,
  inspections: FactCheckOutlinedIcon,
  driversHours: PunchClockOutlinedIcon,
  dataTransfer: ImportExportOutlinedIcon,
  rosterSync: SyncOutlinedIcon,
  staffUsers: ManageAccountsOutlinedIcon,
  singleSignOn: VpnKeyOutlinedIcon,
  audit: HistoryOutlinedIcon,
  mySchools: LocalLibraryOutlinedIcon,
};

/** The back-office's menu: every section, in their order, each with its icon. */
export const MENU_ITEMS: readonly MenuItem[] = Object.entries(SECTIONS).map(([name, section]) => ({
  ...section,
  icon: ICONS[name as keyof typeof SECTIONS],
}));

/** What a role's menu shows: the sections it may use (decision 069), nothing for a visitor. */
export const menuFor = (role: StaffRole | null): readonly MenuItem[] =>
  role === null ? [] : MENU_ITEMS.filter((item) => mayUse(role, item.access));
