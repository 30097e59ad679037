import axios, { type AxiosError } from 'axios';

/**
 * The back office's calls from the browser (issue 36): the same posts as its forms, sent as
 * JSON with the page's token (`x-csrf-token`, from the page's `csrf-token` meta), answered in
 * JSON (server/owner/signInRoutes.ts).
 */
export type SignInAnswer =
  | { kind: 'signed-in' }
  | { kind: 'code' }
  | { kind: 'refused'; failure: 'wrong' | 'wrongCode' | 'expired' | 'failed' }
  | { kind: 'throttled'; seconds: number };

export function pageToken(doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

function answerOf(error: unknown): SignInAnswer {
  const response = (error as AxiosError<{ error?: { code?: string; params?: { seconds?: number } } }>).response;
  if (!response) return { kind: 'refused', failure: 'failed' };
  const code = response.data?.error?.code;
  if (response.status === 429) return { kind: 'throttled', seconds: Number(response.data?.error?.params?.seconds ?? response.headers['retry-after'] ?? 60) || 60 };
  if (code === 'wrong_credentials') return { kind: 'refused', failure: 'wrong' };
  if (code === 'wrong_code') return { kind: 'refused', failure: 'wrongCode' };
  if (code === 'not_signed_in') return { kind: 'refused', failure: 'expired' };
  return { kind: 'refused', failure: 'failed' };
}

async function post(url: string, body: Record<string, string>, token: string): Promise<SignInAnswer> {
  try {
    const { data } = await axios.post<{ status: string }>(url, body, { headers: { 'x-csrf-token': token, accept: 'application/json' } });
    return data.status === 'code' ? { kind: 'code' } : { kind: 'signed-in' };
  } catch (error) {
    return answerOf(error);
  }
}

export const signInCall = (email: string, password: string, token: string) => post('/admin/sign-in', { email, password }, token);
export const codeCall = (code: string, token: string) => post('/admin/sign-in/code', { code }, token);
