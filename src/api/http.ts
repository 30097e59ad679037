import axios from 'axios';
import type { ApiError } from './wire';

/** The one HTTP client of the storefront: same origin, JSON, a sane default timeout. */
export const http = axios.create({
  timeout: 18_000,
  headers: { Accept: 'application/json' },
  withCredentials: true,
});

/** Form-encodes fields the way the platform's endpoints expect (application/x-www-form-urlencoded). */
export function form(fields: Record<string, string | number>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) body.append(key, String(value));
  return body;
}

/** The server's `{ error: { code, message } }`, when the failure carries one. */
export function apiErrorOf(error: unknown): ApiError['error'] | null {
  if (axios.isAxiosError(error) && error.response?.data && typeof error.response.data === 'object' && 'error' in error.response.data) {
    return (error.response.data as ApiError).error;
  }
  return null;
}
