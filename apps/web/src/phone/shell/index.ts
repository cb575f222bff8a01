export { ChangePasswordForm } from './LazyChangePasswordForm';
export { LanguagePicker } from './LanguagePicker';
export { PhoneShell } from './PhoneShell';
export { LeaveGuard, useGuardedLeave, useUnsavedChanges } from './unsaved-changes';
