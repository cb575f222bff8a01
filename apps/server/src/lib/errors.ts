import type { FieldError } from '@school-transport/shared';

/**
 * An error meant for the person using the API: its status and message are sent as they are.
 * Anything thrown that is not an AppError is treated as a bug and answered with a generic 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    /** Sent as Retry-After: when a client that was refused for load may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, errors?: FieldError[]) => new AppError(409, message, errors);
export const tooManyRequests = (message: string) => new AppError(429, message);
export const serviceBusy = (message: string, retryAfterSeconds: number) =>
  new AppError(503, message, undefined, retryAfterSeconds);
