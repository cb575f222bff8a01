import type { ErrorEnvelope, FieldError, SuccessEnvelope } from '@school-transport/shared';

/** A success answer with a message and no data (a delete, a logout). */
export type MessageEnvelope = Omit<SuccessEnvelope, 'data'> & { message: string };

/**
 * Builders for the answer envelope every route sends (packages/shared/src/envelope.ts describes it). The return
 * types say whether `data` is there, so a route's declared answer schema checks against them.
 */
export function success(data: undefined, message: string): MessageEnvelope;
export function success<T>(data: T, message?: string): SuccessEnvelope<T> & { data: T };
export function success<T>(data?: T, message?: string): SuccessEnvelope<T> {
  return {
    success: true,
    type: 'success',
    ...(message ? { message } : {}),
    ...(data !== undefined ? { data } : {}),
  };
}

/** An error answer; a worded refusal adds its catalogue `code` and the `params` written into it. */
export function failure(
  message: string,
  errors?: FieldError[],
  worded?: { code: string; params: Record<string, string | number> },
): ErrorEnvelope {
  return {
    success: false,
    type: 'error',
    message,
    ...(worded
      ? { code: worded.code, ...(Object.keys(worded.params).length ? { params: worded.params } : {}) }
      : {}),
    ...(errors?.length ? { errors } : {}),
  };
}
