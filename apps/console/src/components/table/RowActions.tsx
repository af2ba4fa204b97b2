import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, Tooltip } from '@mui/material';

interface Props {
  edit?: { title: string; label: string; onClick: () => void };
  remove?: { title: string; label: string; onClick: () => void };
}

/** A row's edit and delete buttons; a click on them does not also click the row. */
export function RowActions({ edit, remove }: Props) {
  return (
    <Box onClick={(e) => e.stopPropagation()}>
      {edit && (
        <Tooltip title={edit.title}>
          <IconButton aria-haspopup="dialog" aria-label={edit.label} onClick={edit.onClick}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {remove && (
        <Tooltip title={remove.title}>
          <IconButton aria-haspopup="dialog" aria-label={remove.label} onClick={remove.onClick}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
