/** Domain errors thrown by services; the one error handler maps each to its status and `{ error }` body. */
export class AppError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

export class Invalid extends AppError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Authentication required. Please log in again.') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do that.') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, field?: string) {
    super(409, message, field);
  }
}
export class TooLarge extends AppError {
  constructor(message = 'The upload is too large.') {
    super(413, message);
  }
}
export class UnsupportedMedia extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}
export class TooMany extends AppError {
  readonly retryAfterSeconds: number;
  /** The rate limit's rule that refused, for the metrics; absent for other limits (unfinished uploads). */
  readonly rule: string | undefined;
  constructor(
    message = 'Too many attempts. Please wait a minute and try again.',
    retryAfterSeconds = 60,
    rule?: string,
  ) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
    this.rule = rule;
  }
}
export class Unavailable extends AppError {
  constructor(message = 'This service is unavailable right now. Please try again shortly.') {
    super(503, message);
  }
}
