export { ChangePasswordForm } from './ChangePasswordForm';
export { LanguagePicker } from './LanguagePicker';
export { PhoneShell } from './PhoneShell';
