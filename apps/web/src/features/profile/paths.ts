/** Addresses of the signed-in person's own account screens. */
export const PROFILE_PATH = '/profile';
export const EMAIL_VERIFY_PATH = '/email-verify';
