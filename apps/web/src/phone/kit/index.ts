import './kit.css';

export { Avatar, Card, CardActions, Chip, List, ListItem, Alert, type Tone } from './surfaces';
export { Button, IconButton, LinkButton, type ButtonTone, type ButtonVariant } from './Button';
export { Checkbox, ChoiceGroup, SelectField, Switch, TextArea, TextField } from './fields';
export { ConfirmDialog, Dialog } from './Dialog';
export { Icon, type IconName } from './Icon';
export { Heading, Stack, Text, VisuallyHidden } from './layout';
export { Menu, type MenuItem } from './Menu';
export { PageLoader, RetryAlert, Toaster, useToast } from './feedback';
export { PhotoButton } from './PhotoButton';
