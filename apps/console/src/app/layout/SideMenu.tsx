import AppsIcon from '@mui/icons-material/Apps';
import AssistantIcon from '@mui/icons-material/Assistant';
import BusinessIcon from '@mui/icons-material/Business';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ComputerIcon from '@mui/icons-material/Computer';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DownloadIcon from '@mui/icons-material/Download';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HistoryIcon from '@mui/icons-material/History';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Box,
  Collapse,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { MENU_WIDTH, type UserType, VERSION } from '@portiere/contracts';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { openMenuGroup, setMenuCollapsed, toggleMenuGroup, useMenuState } from '../../lib/menuState';
import { groupOf, type MenuGroupId, menuFor } from '../routes';

export const COLLAPSED_MENU_WIDTH = 64;

const TOP_ICONS: Record<string, ReactNode> = {
  '/dashboard': <DashboardIcon />,
  '/customer-view': <BusinessIcon />,
  '/audit': <HistoryIcon />,
  '/downloads': <DownloadIcon />,
};
const GROUP_ICONS: Record<MenuGroupId, ReactNode> = {
  users: <PeopleIcon />,
  integrations: <AppsIcon />,
  workstation: <ComputerIcon />,
  loginAssistant: <AssistantIcon />,
  settings: <SettingsIcon />,
};

export function SideMenu({ userType, laEnabled }: { userType: UserType | null; laEnabled: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { collapsed, openGroups } = useMenuState();
  const { top, groups } = menuFor(userType, laEnabled);
  const width = collapsed ? COLLAPSED_MENU_WIDTH : MENU_WIDTH;

  // The group of the current page opens by itself.
  useEffect(() => {
    const group = groupOf(pathname);
    if (group) openMenuGroup(group);
  }, [pathname]);

  const label = (text: string, icon: ReactNode) =>
    collapsed ? (
      <Tooltip title={text} placement="right">
        <ListItemIcon>{icon}</ListItemIcon>
      </Tooltip>
    ) : (
      <>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText primary={text} />
      </>
    );

  return (
    <Drawer
      variant="permanent"
      data-testid="side-menu"
      data-collapsed={collapsed}
      sx={{
        width,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width, overflowX: 'hidden', boxSizing: 'border-box', transition: 'width 150ms' },
      }}
    >
      <Toolbar sx={{ justifyContent: collapsed ? 'center' : 'space-between', px: 1 }}>
        {!collapsed && (
          <Typography variant="h6" sx={{ pl: 1, fontWeight: 700 }}>
            {t('common.appName')}
          </Typography>
        )}
        <IconButton
          aria-label={collapsed ? t('common.expandMenu') : t('common.collapseMenu')}
          onClick={() => setMenuCollapsed(!collapsed)}
        >
          {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
        </IconButton>
      </Toolbar>
      <Divider />
      {/* A nav landmark holding real lists: every entry is an <li>, a group's entries a nested list. */}
      <Box component="nav" aria-label={t('menu.navigation')} sx={{ flex: 1 }}>
        <List>
          {top.map((r) => (
            <ListItem key={r.path} disablePadding>
              <ListItemButton component={NavLink} to={r.path} selected={pathname === r.path}>
                {label(t(r.menu?.labelKey ?? r.titleKey), TOP_ICONS[r.path])}
              </ListItemButton>
            </ListItem>
          ))}
          {groups.map((g) => {
            const open = openGroups.includes(g.id) && !collapsed;
            return (
              <ListItem key={g.id} disablePadding sx={{ display: 'block' }}>
                <ListItemButton
                  aria-expanded={open}
                  selected={collapsed && groupOf(pathname) === g.id}
                  onClick={() => {
                    if (collapsed) {
                      // A collapsed menu has no room for sub-items: expand it and show the group.
                      setMenuCollapsed(false);
                      openMenuGroup(g.id);
                    } else toggleMenuGroup(g.id);
                  }}
                >
                  {label(t(g.labelKey), GROUP_ICONS[g.id])}
                  {!collapsed && (open ? <ExpandLessIcon /> : <ExpandMoreIcon />)}
                </ListItemButton>
                <Collapse in={open} timeout="auto" unmountOnExit>
                  <List disablePadding>
                    {g.items.map((r) => (
                      <ListItem key={r.path} disablePadding>
                        <ListItemButton
                          component={NavLink}
                          to={r.path}
                          selected={pathname === r.path || pathname.startsWith(`${r.path}/`)}
                          sx={{ pl: 9 }}
                        >
                          <ListItemText primary={t(r.menu?.labelKey ?? r.titleKey)} />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                </Collapse>
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        title={t('common.version', { version: VERSION })}
        sx={{ p: 2, textAlign: collapsed ? 'center' : 'left' }}
        data-testid="menu-version"
      >
        {VERSION}
      </Typography>
    </Drawer>
  );
}
