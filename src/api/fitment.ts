import { http } from './http';
import type { FitmentAnswer } from './wire';

/** GET /ajax/fitment.php (ours): which of these products fit which of these engines, with each fit's qualifiers and each pair's answer. */
export async function fetchFitments(engines: readonly number[], products: readonly number[], signal?: AbortSignal): Promise<FitmentAnswer> {
  const params = { engines: engines.join(','), products: products.join(',') };
  return (await http.get<FitmentAnswer>('/ajax/fitment.php', { params, signal })).data;
}
