import { http } from './http';
import type { SubstituteEntry } from './wire';

export const SUBSTITUTES_PATH = '/data/include/cms/substitutes.json';

/** The alternative codes of every part (static JSON; the caller keeps it after the first load). */
export async function fetchSubstitutes(signal?: AbortSignal): Promise<SubstituteEntry[]> {
  const answer = await http.get<SubstituteEntry[]>(SUBSTITUTES_PATH, { signal });
  return Array.isArray(answer.data) ? answer.data : [];
}
