import { http } from './http';
import type { CmsPageResponse } from './wire';

/** GET /pages/{slug}?json=true: an information page's data. */
export async function fetchCmsPage(slug: string, signal?: AbortSignal): Promise<CmsPageResponse> {
  return (await http.get<CmsPageResponse>(`/pages/${encodeURIComponent(slug)}`, { params: { json: 'true' }, signal })).data;
}
