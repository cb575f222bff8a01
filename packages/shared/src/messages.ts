/**
 * Texts a person reads, shared so the server's answers and the web's fallbacks never drift apart. The wording
 * is the one people of the product already know; only its plain mistakes (typos, doubled words) are corrected.
 */
export const MESSAGES = {
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed',
  invalidCredentials: 'The email address or password is incorrect.',
  accountLocked:
    'Too many failed sign-in attempts for this account from your address. Try again in 15 minutes.',
  accountDelayed: 'Too many failed sign-in attempts for this account. Wait a few minutes and try again.',
  tooManyAttempts: 'Too many sign-in attempts from your address. Wait a minute and try again.',
  accountDisabled: 'This account has been disabled. Ask an administrator to re-enable it.',
  logoutSuccess: 'Logged out successfully!',
  signInRequired: 'Please sign in to continue.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  adminOnly: 'Only administrators can do this.',
  notYourRole: 'Your role does not allow this. Ask an administrator if you need it.',
  notFound: 'The requested resource was not found.',
  invalidInput: 'Some of the information is not valid.',
  bodyTooLarge: 'The request is too large (at most 1 MB).',
  serverError: 'Something went wrong on our side. Please try again.',
  backOfficeAdminsOnly: 'This back-office is for the operator’s staff only.',
  // The form and list messages people already know, with 'Please fill the all fields!' corrected.
  fillAllFields: 'Please fill all the fields!',
  deleteFailed: 'Delete failed!',
  somethingWentWrongSpaced: 'Something went wrong !',
  uploadFailed: 'Upload failed',
  somethingWentWrong: 'Something went wrong!',
  selectImage: 'Please select an image',
  onlyImages: 'Only image files are allowed!',
  imageTooLarge: 'Image must be smaller than 2MB',
  noData: 'No Data Found!',
} as const;

/** 'Failed to fetch drivers data!' and the same wording for every list ('Felid' corrected to 'Failed'). */
export const fetchFailedMessage = (things: string) => `Failed to fetch ${things} data!`;
