import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import SupportIcon from '@mui/icons-material/SupportAgent';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { VERSION } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../components/dialogs/dialogRegistry';
import { currentLocale, switchLanguage } from '../../lib/i18n/i18n';
import { isTranslated, NAMED_LANGUAGES } from '../../lib/i18n/languages';
import { LOGOUT_DIALOG } from '../dialogNames';

export const SUPPORT_MAILTO = 'mailto:support@portiere.example';

/** 'admin@acme.example' -> ['admin', '@acme.example']. */
export function splitUsername(username: string): [string, string] {
  const at = username.indexOf('@');
  return at < 0 ? [username, ''] : [username.slice(0, at), username.slice(at)];
}

export function AccountMenu({ username }: { username: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [name, domain] = splitUsername(username);
  const locale = currentLocale();
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton aria-label={t('common.account')} onClick={(e) => setAnchor(e.currentTarget)} color="inherit">
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main' }}>{name.slice(0, 1).toUpperCase()}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <Box sx={{ px: 2, py: 1 }} data-testid="account-name">
          {/* Plain text, not headings or list items: a menu may hold only its items (ARIA). */}
          <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          {domain && (
            <Typography variant="body2" component="div" color="text.secondary">
              {domain}
            </Typography>
          )}
        </Box>
        <Divider />
        <MenuItem component="a" href={SUPPORT_MAILTO} onClick={close}>
          <ListItemIcon>
            <SupportIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('common.support')}</ListItemText>
        </MenuItem>
        <ListSubheader component="div" sx={{ lineHeight: '32px' }}>
          {t('common.language')}
        </ListSubheader>
        {NAMED_LANGUAGES.map((l) => {
          const name = t(`common.languages.${l}`);
          // Spanish and German are named only (spec 1): shown, not chosen, and said so. The
          // item's name is all it shows, the note included (WCAG 2.5.3).
          if (!isTranslated(l))
            return (
              <MenuItem key={l} disabled lang={l} data-testid={`language-${l}`}>
                <ListItemIcon />
                <ListItemText
                  primary={name}
                  secondary={t('common.languageNameOnly')}
                  slotProps={{ secondary: { variant: 'caption', lang: locale } }}
                />
              </MenuItem>
            );
          return (
            <MenuItem
              key={l}
              lang={l}
              selected={l === locale}
              onClick={() => {
                close();
                void switchLanguage(l);
              }}
            >
              <ListItemIcon>{l === locale && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{name}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem disabled>
          <ListItemText>{t('common.version', { version: VERSION })}</ListItemText>
        </MenuItem>
        <MenuItem
          aria-haspopup="dialog"
          onClick={() => {
            close();
            openDialog(LOGOUT_DIALOG);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('common.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
