import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { useTheme, type Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useDeferredValue, useState } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '../../components/shell/Logo';
import { clearLiveCookie } from '../../lib/live/live-cookie-api';
import { useSession } from '../../lib/session/session';
import { AccountMenu } from './AccountMenu';
import { NavigationMenu } from './NavigationMenu';
import { ThemeModeSwitch } from './ThemeModeSwitch';
import { UnsavedChangesGuard } from '../../components/form/unsaved-changes';
import { PageLoader } from '../../components/shell/PageLoader';
import { useOperatorLocale } from '../../lib/time/operator-locale';

const DRAWER_WIDTH = 260;
/** Wide enough for an icon button plus its padding. */
const RAIL_WIDTH = 72;

/**
 * The sticky top bar covers the top of the page: whatever is scrolled into view (a form's alerts, the first invalid
 * field it focuses) stops below it rather than under it. 64px is the bar's height on a desktop, 56px on a phone.
 */
const BELOW_TOP_BAR = <GlobalStyles styles={{ html: { scrollPaddingTop: 72 } }} />;

const widthTransition = (theme: Theme) =>
  theme.transitions.create('width', { duration: theme.transitions.duration.shorter });

interface DrawerContentProps {
  compact: boolean;
  onNavigate?: () => void;
}

function DrawerContent({ compact, onNavigate }: DrawerContentProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: compact ? 2.25 : 2.5 }}>
        <Logo showName={!compact} />
      </Toolbar>
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <NavigationMenu compact={compact} onNavigate={onNavigate} />
      </Box>
      <Divider />
      <ThemeModeSwitch compact={compact} />
    </Box>
  );
}

/**
 * Signed-in chrome: on desktop a permanent drawer that collapses to icons, on small screens a drawer that
 * slides over the page; the same top-bar button toggles either.
 */
export function AdminLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'));
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { user, token, signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const { settled: localeSettled } = useOperatorLocale();
  // The screen (a list and its toolbar, the dashboard's panels) mounts in a render of its own at low priority, which
  // React draws in slices of a few ms, the loader staying meanwhile (decision 062). The settings' answer arrives as
  // an update React draws at once: the screen mounted in it was a task of 300–400 ms on a phone, the largest of a
  // cold load. Also when the locale is known as the chrome mounts (initially false): the chrome draws first.
  const drawScreen = useDeferredValue(localeSettled, false);

  const toggleMenu = () => (isDesktop ? setCollapsed((value) => !value) : setMobileOpen((value) => !value));
  const closeMobileMenu = () => setMobileOpen(false);
  const logOut = () => {
    setSigningOut(true);
    // The live screens' stream cookie goes first, while the session it names can still be used to clear it.
    void (token ? clearLiveCookie(token) : Promise.resolve()).finally(() => void signOut());
  };
  const drawerWidth = collapsed ? RAIL_WIDTH : DRAWER_WIDTH;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {BELOW_TOP_BAR}
      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{ width: drawerWidth, flexShrink: 0, transition: widthTransition }}
          slotProps={{
            paper: { sx: { width: drawerWidth, overflowX: 'hidden', transition: widthTransition } },
          }}
        >
          <DrawerContent compact={collapsed} />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={closeMobileMenu}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
        >
          <DrawerContent compact={false} onNavigate={closeMobileMenu} />
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              edge="start"
              aria-label="Toggle menu"
              aria-expanded={isDesktop ? !collapsed : mobileOpen}
              onClick={toggleMenu}
            >
              <MenuIcon />
            </IconButton>
            {/* On a phone the drawer, which carries the name, is closed: the top bar says where you are. */}
            {!isDesktop && <Logo />}
            <AccountMenu name={user?.name ?? ''} />
            <Tooltip title="Log out">
              <IconButton aria-label="Log out" onClick={logOut} disabled={signingOut}>
                <LogoutIcon />
              </IconButton>
            </Tooltip>
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
          {/* A screen draws once the operator's locale is known, so its dates are written one way only. */}
          {drawScreen ? (
            <UnsavedChangesGuard>
              <Outlet />
            </UnsavedChangesGuard>
          ) : (
            <PageLoader />
          )}
        </Box>
      </Box>
    </Box>
  );
}
