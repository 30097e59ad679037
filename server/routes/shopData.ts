import type { FastifyInstance } from 'fastify';
import type { ShopDataRequest, ShopDataResponse } from '../../src/api/wire';
import type { ShopRepository } from '../db/repository';
import { BadRequest } from '../http';

const SECTIONS = ['Projector', 'Basket', 'Wishlist', 'Comparers', 'Snippets', 'ToplayersAndWidgets'] as const;

/** POST /ajax/get.php: the shop data bundle, one key per requested section, each { response }. */
export function shopDataRoutes(app: FastifyInstance, repo: ShopRepository): void {
  app.post('/ajax/get.php', async (request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    const raw = body?.request;
    if (typeof raw !== 'string' || raw.length > 10_000) throw new BadRequest('missing_parameter', 'Field request must hold the JSON of the sections wanted');
    let wanted: ShopDataRequest;
    try {
      wanted = JSON.parse(raw) as ShopDataRequest;
    } catch {
      throw new BadRequest('invalid_json', 'Field request is not valid JSON');
    }
    if (!wanted || typeof wanted !== 'object' || Array.isArray(wanted)) throw new BadRequest('invalid_json', 'Field request must be a JSON object');
    const unknown = Object.keys(wanted).filter((key) => !(SECTIONS as readonly string[]).includes(key));
    if (unknown.length) throw new BadRequest('unknown_section', `Unknown section: ${unknown.join(', ')}`);

    const answer: ShopDataResponse = {};
    if (wanted.Basket) answer.Basket = { response: { basket: repo.basket(request.visitorId) } };
    if (wanted.Wishlist) answer.Wishlist = { response: { attributes: { count: repo.wishlistCount(request.visitorId) } } };
    if (wanted.Comparers) answer.Comparers = { response: { product: [] } };
    if (wanted.Projector) {
      const id = Number(wanted.Projector.params?.product);
      answer.Projector = { response: Number.isInteger(id) && id > 0 ? repo.productPage(id) : null };
    }
    if (wanted.Snippets) {
      answer.Snippets = {
        response: {
          items: {
            'meta-theme': { region: 'head', content: '<meta name="shop-snippet" content="demo">' },
          },
        },
      };
    }
    if (wanted.ToplayersAndWidgets) answer.ToplayersAndWidgets = { response: { items: {} } };
    reply.header('Cache-Control', 'no-store');
    return answer;
  });
}
