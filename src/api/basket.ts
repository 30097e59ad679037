import { form, http } from './http';
import type { BasketChangeResponse, BasketResponse, ShopDataRequest, ShopDataResponse } from './wire';

export async function fetchBasket(signal?: AbortSignal): Promise<BasketResponse> {
  return (await http.get<BasketResponse>('/ajax/basket.php', { params: { getAjax: 'true' }, signal })).data;
}

export interface AddToBasketResult {
  answer: BasketChangeResponse;
  /** The answer's headers: the tracking helper reads the tracking-events header from them. */
  headers: Record<string, unknown>;
}

/** POST /basketchange.php?mode=1 (form fields size, product, number, getAjax). */
export async function addToBasket(
  line: { product: number; size: string; number: number; subscription?: boolean; vehicle?: { engineId: number; label: string } },
  signal?: AbortSignal,
): Promise<AddToBasketResult> {
  const fields: Record<string, string | number> = { product: line.product, size: line.size, number: line.number, getAjax: 'true' };
  if (line.subscription) fields.subscription = '1';
  // The vehicle chosen now stays on the line (ours, issue 25).
  if (line.vehicle) Object.assign(fields, { vehicle: line.vehicle.engineId, vehicle_label: line.vehicle.label.slice(0, 120) });
  const body = form(fields);
  const response = await http.post<BasketChangeResponse>('/basketchange.php?mode=1', body, { signal });
  return { answer: response.data, headers: { ...response.headers } };
}

/** POST /basketchange.php?mode=2: sets a line's quantity (0 removes it). */
export async function setBasketLine(line: { product: number; size: string; additional: string; number: number }, signal?: AbortSignal): Promise<BasketChangeResponse> {
  const body = form({ product: line.product, size: line.size, additional: line.additional, number: line.number, getAjax: 'true' });
  return (await http.post<BasketChangeResponse>('/basketchange.php?mode=2', body, { signal })).data;
}

/** GET /return.php, fired after an add (the platform's return hook). Its answer is not read. */
export async function fireReturn(): Promise<void> {
  await http.get('/return.php');
}

/** POST /ajax/get.php: one batched request for the sections a page asks for. */
export async function fetchShopData(sections: ShopDataRequest, signal?: AbortSignal): Promise<ShopDataResponse> {
  return (await http.post<ShopDataResponse>('/ajax/get.php', form({ request: JSON.stringify(sections) }), { signal })).data;
}
