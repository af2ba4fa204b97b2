import { IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface RowAction {
  /** Tooltip text. */
  title: string;
  /** Accessible name, naming the row (e.g. "Reset the API key of ana@acme.example"). */
  label: string;
  icon: ReactNode;
  /** A page to open (a link), or an action (a button). */
  to?: string;
  onClick?: () => void;
  /** The action opens a dialog (announced to assistive technology). */
  dialog?: boolean;
  disabled?: boolean;
}

/**
 * One icon action of a grid row: a link when it opens a page, else a button. Put inside a
 * container that stops click propagation (see RowActions), so the row's own click does not run too.
 */
export function RowActionButton({ title, label, icon, to, onClick, dialog, disabled }: RowAction) {
  const button = to ? (
    <IconButton component={RouterLink} to={to} aria-label={label} disabled={disabled}>
      {icon}
    </IconButton>
  ) : (
    <IconButton aria-label={label} aria-haspopup={dialog ? 'dialog' : undefined} onClick={onClick} disabled={disabled}>
      {icon}
    </IconButton>
  );
  // A disabled button gets no pointer events: the tooltip needs a wrapper to still show.
  return <Tooltip title={title}>{disabled ? <span>{button}</span> : button}</Tooltip>;
}
