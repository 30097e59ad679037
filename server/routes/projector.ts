import type { FastifyInstance } from 'fastify';
import type { ProjectorResponse } from '../../src/api/wire';
import type { ShopRepository } from '../db/repository';
import { BadRequest, oneOf, optionalSizeId, optionalText, requiredId } from '../http';
import { AnswerCache } from '../answerCache';
import { inLanguage, requestLanguage } from '../catalogueLanguage';

const PARTS = ['sizes', 'sizeavailability', 'sizedelivery', 'sizeprices', 'bundleprice', 'traits', 'product'] as const;
type Part = (typeof PARTS)[number];

/** GET /ajax/projector.php?action=get&product=&size=&get=...: product data, lazily, per size. */
export function projectorRoutes(app: FastifyInstance, repo: ShopRepository, answers: AnswerCache = new AnswerCache({ maxBytes: 0 })): void {
  app.get('/ajax/projector.php', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (oneOf(query, 'action', ['get'] as const) !== 'get') throw new BadRequest('missing_parameter', 'Parameter action=get is required');
    const productId = requiredId(query, 'product');
    const wanted = (optionalText(query, 'get', 200) ?? 'sizes').split(',').map((part) => part.trim());
    const unknown = wanted.filter((part) => !(PARTS as readonly string[]).includes(part));
    if (unknown.length) throw new BadRequest('invalid_parameter', `Unknown get part: ${unknown.join(', ')}`);
    const subscription = oneOf(query, 'subscription', ['0', '1'] as const) === '1';
    const askedSize = optionalSizeId(query, 'size');
    reply.header('Cache-Control', 'no-store');
    // The same for every visitor: kept by its address (server/answerCache.ts).
    return answers.send(request, reply, async () => ({ value: await projectorAnswer(inLanguage(repo, requestLanguage(request)), productId, askedSize, wanted as Part[], subscription), tags: [`product:${productId}`] }));
  });
}

/** The parts asked of one product (and one of its sizes: the first when none is named). */
async function projectorAnswer(repo: ShopRepository, productId: number, askedSize: string | undefined, wanted: readonly Part[], subscription: boolean): Promise<ProjectorResponse> {
  const page = await repo.productPage(productId);
  if (!page) throw new BadRequest('product_not_found', 'Prodotto non trovato', 404);
  const sizeIds = Object.keys(page.sizes);
  const sizeId = askedSize ?? sizeIds[0];
  // Own keys only: size=constructor or __proto__ names no size.
  const size = Object.hasOwn(page.sizes, sizeId) ? page.sizes[sizeId] : undefined;
  if (!size) throw new BadRequest('size_not_found', 'Taglia non trovata per questo prodotto', 404);

  const answer: ProjectorResponse = {};
  for (const part of new Set(wanted) as Set<Part>) {
    if (part === 'sizes') {
      answer.sizes = {
        id: page.product_id,
        name: page.name,
        firm: { name: page.producer.name },
        taxes: { vat: 22 },
        unit: page.unit,
        amount: sizeIds.reduce((sum, id) => (page.sizes[id].amount === -1 || sum === -1 ? -1 : sum + page.sizes[id].amount), 0),
        items: Object.fromEntries(
          sizeIds.map((id) => [id, { type: id, name: page.sizes[id].name, amount: page.sizes[id].amount, description: page.sizes[id].name, prices: page.sizes[id].price }]),
        ),
      };
    } else if (part === 'sizeavailability') answer.sizeavailability = size.availability;
    else if (part === 'sizedelivery') answer.sizedelivery = size.delivery;
    else if (part === 'sizeprices') answer.sizeprices = subscription && size.price_subscription ? size.price_subscription : size.price;
    else if (part === 'bundleprice' && size.bundle_price) answer.bundleprice = size.bundle_price;
    else if (part === 'traits') answer.traits = await repo.traits(productId) ?? [];
    else if (part === 'product') answer.product = page;
  }
  return answer;
}
