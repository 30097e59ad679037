import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGE_COOKIE, type Language } from '../../src/i18n/runtime';
const ONE_YEAR_S = 365 * 24 * 3600;

/**
 * The language a page is rendered in: `?lang=` switches (and is remembered in the cookie),
 * otherwise the cookie, otherwise Italian, the shop's language.
 */
export function pageLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(asked)) {
    reply.setCookie(LANGUAGE_COOKIE, asked, { path: '/', sameSite: 'lax', maxAge: ONE_YEAR_S, secure: request.protocol === 'https' });
    return asked;
  }
  const saved = request.cookies[LANGUAGE_COOKIE];
  return isLanguage(saved) ? saved : 'it';
}
