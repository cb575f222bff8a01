/** The parent portal's forms use the phone shell's guard of unsaved changes (phone/shell/unsaved-changes.tsx). */
export { hasUnsavedChanges, useGuardedLeave, useUnsavedChanges } from '../shell/unsaved-changes';
