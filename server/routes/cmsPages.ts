import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ShopRepository } from '../db/repository';
import { cmsPageLink, LEGACY_CMS_LINKS } from '../db/cmsPages';
import { sendError } from '../http';

/** A page slug: lower-case words joined by dashes. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+){0,11}$/;

/**
 * The information pages: /pages/{slug} (Italian), /pl/pages/{slug}, /en/pages/{slug} are the
 * storefront page (404 page for an unknown slug; a slug under another language's prefix leads
 * to the same topic in that language);
 * with json=true it answers the page's data (`CmsPageResponse`), 404 JSON when there is none.
 * The placeholder addresses of before (/cms/*.html) lead to their pages.
 */
export function cmsPageRoutes(app: FastifyInstance, repo: ShopRepository, sendPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>): void {
  const route = async (request: FastifyRequest, reply: FastifyReply) => {
    const { slug } = request.params as { slug: string };
    if ((request.query as Record<string, unknown>).json === 'true') {
      const page = SLUG.test(slug) ? await repo.cmsPage(slug) : null;
      if (!page) return sendError(reply, 404, 'page_not_found', 'No information page at this address');
      reply.header('Cache-Control', 'no-store');
      return page;
    }
    // Drawn on the server like every page (an unknown slug is the no-product page, 404).
    return sendPage(request, reply);
  };
  // The page's address under its language's prefix; the data (json=true) at /pages/{slug}, where the API always was.
  for (const prefix of ['', '/pl', '/en']) app.get(`${prefix}/pages/:slug`, route);
  for (const [legacy, slug] of Object.entries(LEGACY_CMS_LINKS)) app.get(legacy, async (_request, reply) => reply.redirect(cmsPageLink(slug, 'it'), 301));
}
