import { type SecondFactorDeps } from './second-factor-enrolment.js';
import {
  addOwnPasskey,
  confirmOwnEnrolment,
  removeOwnPasskey,
  removeOwnTotp,
  renewRecoveryCodes,
  secondFactorStatus,
  startOwnEnrolment,
  startOwnPasskeyRegistration,
} from './second-factor-profile.js';
import {
  completeSignIn,
  confirmEnrolmentAtSignIn,
  confirmPasskeyAtSignIn,
  passkeyOptionsAtSignIn,
  passkeyRegistrationAtSignIn,
  startEnrolmentAtSignIn,
  stepAfterPassword,
} from './second-factor-sign-in.js';

export { CHALLENGE_MAX_FAILURES, CHALLENGE_MS, type SecondFactorDeps } from './second-factor-enrolment.js';

/**
 * Administrators' second factors: the step after the password at sign-in (second-factor-sign-in.ts) and their
 * own factors from the profile (second-factor-profile.ts), each operation bound to the service's deps.
 */
export function createSecondFactorService(deps: SecondFactorDeps) {
  return {
    // ---- Signing in ----
    stepAfterPassword: stepAfterPassword.bind(null, deps),
    completeSignIn: completeSignIn.bind(null, deps),
    passkeyOptionsAtSignIn: passkeyOptionsAtSignIn.bind(null, deps),
    startEnrolmentAtSignIn: startEnrolmentAtSignIn.bind(null, deps),
    confirmEnrolmentAtSignIn: confirmEnrolmentAtSignIn.bind(null, deps),
    passkeyRegistrationAtSignIn: passkeyRegistrationAtSignIn.bind(null, deps),
    confirmPasskeyAtSignIn: confirmPasskeyAtSignIn.bind(null, deps),

    // ---- The profile ----
    status: secondFactorStatus.bind(null, deps),
    startEnrolment: startOwnEnrolment.bind(null, deps),
    confirmEnrolment: confirmOwnEnrolment.bind(null, deps),
    startPasskeyRegistration: startOwnPasskeyRegistration.bind(null, deps),
    addPasskey: addOwnPasskey.bind(null, deps),
    removePasskey: removeOwnPasskey.bind(null, deps),
    remove: removeOwnTotp.bind(null, deps),
    renewRecoveryCodes: renewRecoveryCodes.bind(null, deps),
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
