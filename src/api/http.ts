import type { AxiosAdapter, AxiosInstance, AxiosResponse, AxiosStatic } from 'axios';
import { pendingTrackingEvents } from '../domain/tracking';
import type { ApiError } from './wire';

/**
 * The one HTTP client of the storefront, on axios (the design card's client): the shop's base
 * URL, JSON answers, JSON or form bodies, an 18 s timeout, cancellation by AbortSignal (the sagas
 * abort when they are cancelled), the `x-iai-tracking-events` header read on every answer, and
 * every failure turned into the shop's error type (`HttpError`, carrying the server's
 * `{ error: { code, message } }` when it sent one).
 *
 * axios itself is its own chunk, loaded by the first request: a page that was drawn by the server
 * and asks nothing at load (most pages) does not download it until the shopper does something
 * that calls the shop.
 */
export const DEFAULT_TIMEOUT_MS = 18_000;

export interface HttpOptions {
  params?: Record<string, string | number>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Milliseconds; 0 means none. */
  timeout?: number;
  /** 'json' (default) parses a JSON answer; 'text' keeps it as text. */
  responseType?: 'json' | 'text';
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The `x-iai-tracking-events` count the answer announced (0 when none or not a number >= 1). */
  trackingEvents: number;
}

/** A non-2xx answer, a network failure, a timeout or an abort. */
export class HttpError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    /** The answer's body (parsed JSON when it was JSON). */
    readonly data: unknown = null,
    /** Why no answer came: the caller aborted, or the timeout ran out. */
    readonly reason: 'answer' | 'aborted' | 'timeout' | 'network' = 'answer',
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** Flat query parameters, encoded as the platform's endpoints read them (URLSearchParams). */
function serialize(params: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();
}

export interface HttpClientConfig {
  /** Where the shop's endpoints live; the page's own origin by default. */
  baseURL?: string;
  /** Replaces axios' transport (tests answer from a mocked adapter). */
  adapter?: AxiosAdapter;
}

function headersOf(response: AxiosResponse): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(response.headers ?? {})) {
    if (value !== undefined && value !== null) headers[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

let axiosLoading: Promise<AxiosStatic> | null = null;

/** axios, loaded once on first use. */
export function loadAxios(): Promise<AxiosStatic> {
  axiosLoading ??= import(/* webpackChunkName: "http" */ 'axios').then((module) => module.default);
  return axiosLoading;
}

function toHttpError(axios: AxiosStatic, error: unknown, method: string, url: string): HttpError {
  if (axios.isCancel(error)) return new HttpError(`${method} ${url} aborted`, 0, null, 'aborted');
  if (axios.isAxiosError(error)) {
    if (error.response) return new HttpError(`${method} ${url} answered ${error.response.status}`, error.response.status, error.response.data ?? null);
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
    return new HttpError(`${method} ${url} ${timedOut ? 'timed out' : 'failed'}`, 0, null, timedOut ? 'timeout' : 'network');
  }
  return new HttpError(`${method} ${url} failed`, 0, null, 'network');
}

export interface HttpClient {
  get<T>(url: string, options?: HttpOptions): Promise<HttpResponse<T>>;
  post<T>(url: string, body?: URLSearchParams | object | string, options?: HttpOptions): Promise<HttpResponse<T>>;
  /** The axios instance underneath (interceptors, defaults), made when axios has loaded. */
  instance(): Promise<AxiosInstance>;
}

export function createHttpClient(config: HttpClientConfig = {}): HttpClient {
  let made: Promise<AxiosInstance> | null = null;
  const instance = () =>
    (made ??= loadAxios().then((axios) =>
      axios.create({
        baseURL: config.baseURL,
        adapter: config.adapter,
        timeout: DEFAULT_TIMEOUT_MS,
        withCredentials: false, // same origin: the visitor cookie travels anyway
        xsrfCookieName: '', // no XSRF cookie: the server checks the origin of every write
        headers: { Accept: 'application/json' },
        paramsSerializer: { serialize },
      }),
    ));

  async function request<T>(method: 'GET' | 'POST', url: string, body: unknown, options: HttpOptions = {}): Promise<HttpResponse<T>> {
    const axios = await loadAxios();
    // A page in another language than the shop's asks for its answers in it (`lang`, ours: issue 34).
    const language = pageLanguage();
    const params = language ? { ...options.params, lang: language } : options.params;
    const client = await instance();
    try {
      const response = await client.request<T>({
        method,
        url,
        data: body,
        params,
        headers: options.headers,
        signal: options.signal,
        timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
        responseType: options.responseType === 'text' ? 'text' : undefined,
        // A JSON answer is parsed; anything else (HTML, XML) stays text.
        transitional: { silentJSONParsing: true, forcedJSONParsing: options.responseType !== 'text' },
      });
      const headers = headersOf(response);
      return { data: response.data, status: response.status, headers, trackingEvents: pendingTrackingEvents(headers) };
    } catch (error) {
      throw toHttpError(axios, error, method, url);
    }
  }

  return {
    get: (url, options) => request('GET', url, undefined, options),
    post: (url, body, options) => request('POST', url, body, options),
    instance,
  };
}

/** The page's language when it is not the shop's (Italian): `<html lang>`, which the page's address sets. */
function pageLanguage(): 'pl' | 'en' | null {
  if (typeof document === 'undefined') return null;
  const lang = document.documentElement.lang;
  return lang === 'pl' || lang === 'en' ? lang : null;
}

/** The storefront's client: the page's own origin. */
export const http: HttpClient = createHttpClient();

/** Form-encodes fields the way the platform's endpoints expect (application/x-www-form-urlencoded). */
export function form(fields: Record<string, string | number>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) body.append(key, String(value));
  return body;
}

/** The server's `{ error: { code, message } }`, when the failure carries one. */
export function apiErrorOf(error: unknown): ApiError['error'] | null {
  if (isHttpError(error) && error.data && typeof error.data === 'object' && 'error' in error.data) {
    return (error.data as ApiError).error;
  }
  return null;
}
