/**
 * The shape of every JSON answer of the API (DESIGN.md "API contract").
 * The web client parses answers with these types; the server builds them with the same names.
 */
export interface FieldError {
  field?: string;
  message: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  /** True when a filter matches more rows than `total`: the server counts only a few pages ahead. */
  moreThanTotal: boolean;
}

export interface SuccessEnvelope<T = unknown> {
  success: true;
  type: 'success';
  message?: string;
  data?: T;
  pagination?: Pagination;
}

export interface ErrorEnvelope {
  success: false;
  type: 'error';
  message: string;
  errors?: FieldError[];
}

export type Envelope<T = unknown> = SuccessEnvelope<T> | ErrorEnvelope;
