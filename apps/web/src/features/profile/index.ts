/** What other parts of the app may use of the profile feature: its address (the top bar's account menu). */
export { PROFILE_PATH } from './paths';
