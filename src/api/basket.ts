import { form, http } from './http';
import type { BasketChangeResponse, BasketResponse, ShopDataRequest, ShopDataResponse } from './wire';

export async function fetchBasket(signal?: AbortSignal): Promise<BasketResponse> {
  return (await http.get<BasketResponse>('/ajax/basket.php', { params: { getAjax: 'true' }, signal })).data;
}

export async function addToBasket(line: { product: number; size: string; number: number }, signal?: AbortSignal): Promise<BasketChangeResponse> {
  const body = form({ product: line.product, size: line.size, number: line.number, getAjax: 'true' });
  return (await http.post<BasketChangeResponse>('/basketchange.php?mode=1', body, { signal })).data;
}

/** POST /ajax/get.php: one batched request for the sections a page asks for. */
export async function fetchShopData(sections: ShopDataRequest, signal?: AbortSignal): Promise<ShopDataResponse> {
  return (await http.post<ShopDataResponse>('/ajax/get.php', form({ request: JSON.stringify(sections) }), { signal })).data;
}
