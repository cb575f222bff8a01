import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useThemeMode } from '../theme-mode';

const LABEL = 'Dark mode';

export function ThemeModeSwitch({ compact }: { compact: boolean }) {
  const { mode, toggleMode } = useThemeMode();
  const toggle = (
    <Switch
      checked={mode === 'dark'}
      onChange={toggleMode}
      size={compact ? 'small' : 'medium'}
      slotProps={{ input: { 'aria-label': LABEL } }}
    />
  );

  if (compact) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
        <Tooltip title={LABEL} placement="right">
          {toggle}
        </Tooltip>
      </Box>
    );
  }
  return (
    // Not an item of any list: a <div>, since an <li> needs a list around it.
    <ListItem component="div" secondaryAction={toggle}>
      <ListItemIcon>
        <DarkModeOutlinedIcon />
      </ListItemIcon>
      <ListItemText primary={LABEL} />
    </ListItem>
  );
}
