import { z } from 'zod';

/**
 * Kinds of profile image the upload endpoint takes: `/api/upload/profile/{kind}/add-profile-image`. A stop's photo
 * (what the place looks like, for a driver new to it) is one too: the same storage, signed links and checks.
 */
export const PROFILE_IMAGE_KINDS = [
  'driver',
  'parent',
  'student',
  'vehicle',
  'stop',
  'authorized-adult',
] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** A record's photo in an answer: a signed, expiring path on the API host; null when none was uploaded. */
export const profileImageField = z.string().nullable();

/** What the upload call answers: where the new photo can be read. */
export const profileImageAnswerSchema = z.object({ profileImage: profileImageField });
export type ProfileImageAnswer = z.infer<typeof profileImageAnswerSchema>;
