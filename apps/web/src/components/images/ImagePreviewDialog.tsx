import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';

interface ImagePreviewDialogProps {
  src: string;
  title: string;
  onClose: () => void;
}

export function ImagePreviewDialog({ src, title, onClose }: ImagePreviewDialogProps) {
  return (
    <Dialog open onClose={onClose} maxWidth="md">
      <DialogTitle sx={{ pr: 7 }}>{title}</DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Box
          component="img"
          src={src}
          alt={title}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto', borderRadius: 1 }}
        />
      </DialogContent>
    </Dialog>
  );
}
