import type { FastifyRequest } from 'fastify';
import { adminTexts } from '../../../src/i18n/admin';
import type { Language } from '../../../src/i18n/runtime';
import { drawAdminPage } from '../adminPage';

/** Who is asking, for drawing: the signed-in owner and the session's token (the guard set them). */
export function pageOwner(request: FastifyRequest): { owner: { id: number; email: string }; csrfToken: string } {
  return { owner: request.owner ?? { id: 0, email: '' }, csrfToken: request.csrfToken };
}

/** The first screen (issue 36, point 6: its figures come with the orders' part). */
export function drawFirstScreen(request: FastifyRequest, language: Language): string {
  const t = adminTexts(language).firstScreen;
  return drawAdminPage({
    title: t.title,
    language,
    ...pageOwner(request),
    section: '/admin/',
    body: (
      <>
        <h1>{t.title}</h1>
        <p>{t.welcome}</p>
      </>
    ),
  });
}

export function drawNotFound(request: FastifyRequest, language: Language): string {
  const t = adminTexts(language).errors;
  return drawAdminPage({ title: t.notFound, language, ...pageOwner(request), body: <h1>{t.notFound}</h1> });
}
