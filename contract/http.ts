/** The error shape every school API call answers with on failure (DESIGN section 4). */
export type FieldErrors = Record<string, string[]>;

export interface ApiErrorBody {
  message?: string;
  errors?: FieldErrors;
  error?: string;
}

export interface ApiData<T> {
  message?: string;
  data: T;
}

export interface Paginated<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}
