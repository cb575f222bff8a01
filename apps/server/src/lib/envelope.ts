import type { ErrorEnvelope, FieldError, SuccessEnvelope } from '@school-transport/shared';

/** Builders for the answer envelope every route sends (DESIGN.md "API contract"). */
export function success<T>(data?: T, message?: string): SuccessEnvelope<T> {
  return {
    success: true,
    type: 'success',
    ...(message ? { message } : {}),
    ...(data !== undefined ? { data } : {}),
  };
}

export function failure(message: string, errors?: FieldError[]): ErrorEnvelope {
  return { success: false, type: 'error', message, ...(errors?.length ? { errors } : {}) };
}
