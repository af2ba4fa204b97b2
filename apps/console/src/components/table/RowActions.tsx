import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box } from '@mui/material';
import { type RowAction, RowActionButton } from './RowActionButton';

interface Props {
  edit?: { title: string; label: string; onClick: () => void };
  remove?: { title: string; label: string; onClick: () => void };
  /** Further actions, before edit and delete. */
  actions?: RowAction[];
}

/** A row's actions (edit and delete, and any others); a click on them does not also click the row. */
export function RowActions({ edit, remove, actions = [] }: Props) {
  return (
    <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'flex', alignItems: 'center' }}>
      {actions.map((a) => (
        <RowActionButton key={a.label} {...a} />
      ))}
      {edit && <RowActionButton {...edit} icon={<EditIcon fontSize="small" />} dialog />}
      {remove && <RowActionButton {...remove} icon={<DeleteIcon fontSize="small" />} dialog />}
    </Box>
  );
}
