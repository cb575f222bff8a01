/** What other features may use of the auth feature: the session (who is signed in, keeping the stored user fresh). */
export { useSession } from './session-context';
