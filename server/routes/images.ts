import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { BRAKE_CATEGORY } from '../../src/api/wire';
import type { ShopRepository } from '../db/repository';
import { escapeHtml } from '../db/shopViews';
import { FULL_IMAGE_WIDTH, IMAGE_WIDTHS, isImageWidth } from '../../src/domain/responsiveImage';
import { PHOTO_CONTENT_TYPE, photoFormatFor, photoStore } from '../images/productPhotos';
import { BadRequest } from '../http';

/**
 * Generated demo images, so no image of the demo shop is ever missing: product icons drawn
 * by category, technical drawings, status marks, courier and category icons.
 */
const LONG_CACHE = 'public, max-age=86400';
/** A photo's address names one picture for good (a new photo gets a new address): cached for a year. */
const PHOTO_CACHE = 'public, max-age=31536000, immutable';

const disc = (x: number, y: number, r: number) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#b9bec6" stroke="#6b7280" stroke-width="3"/>` +
  `<circle cx="${x}" cy="${y}" r="${r * 0.62}" fill="#d8dce2" stroke="#8a919c" stroke-width="2"/>` +
  `<circle cx="${x}" cy="${y}" r="${r * 0.28}" fill="#6b7280"/>` +
  [0, 72, 144, 216, 288]
    .map((a) => `<circle cx="${(x + Math.cos((a * Math.PI) / 180) * r * 0.45).toFixed(1)}" cy="${(y + Math.sin((a * Math.PI) / 180) * r * 0.45).toFixed(1)}" r="${r * 0.06}" fill="#4b5563"/>`)
    .join('');
const pad = (x: number, y: number, w: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${w * 0.45}" rx="${w * 0.12}" fill="#374151"/>` +
  `<rect x="${x + w * 0.08}" y="${y + w * 0.08}" width="${w * 0.84}" height="${w * 0.3}" rx="${w * 0.1}" fill="#9a6b3f"/>`;

/** Which drawing a product's category gets (one photo per kind of part). */
export function photoKind(category: number | null): 'disc' | 'pad' | 'other' | 'kit' {
  if (category === BRAKE_CATEGORY.discs) return 'disc';
  if (category === BRAKE_CATEGORY.pads) return 'pad';
  if (category === null || category > 160000) return 'other';
  return 'kit';
}

export function productSvg(category: number | null, label: string): string {
  const art = {
    disc: () => disc(100, 96, 70),
    pad: () => pad(30, 50, 140) + pad(45, 110, 110),
    other: () => `<rect x="45" y="40" width="110" height="110" rx="16" fill="#e5e7eb" stroke="#9ca3af" stroke-width="3"/><path d="M70 95h60M100 65v60" stroke="#c8102e" stroke-width="10" stroke-linecap="round"/>`,
    kit: () => disc(80, 90, 58) + pad(105, 120, 80),
  }[photoKind(category)]();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="#f8fafc"/>${art}<text x="100" y="188" font-family="sans-serif" font-size="13" text-anchor="middle" fill="#4b5563">${escapeHtml(label)}</text></svg>`;
}

/**
 * The platform's fallback icon, a PNG: a grey disc of 64 px, drawn by sharp from its SVG once,
 * when first asked.
 */
let defaultIcon: Promise<Buffer> | undefined;
function defaultIconPng(): Promise<Buffer> {
  defaultIcon ??= sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="31" fill="#9ca3af"/></svg>'))
    .png()
    .toBuffer();
  return defaultIcon;
}
/** The accessories-and-services category's icon: a spanner over a disc's outline. */
const ACCESSORIES_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="#f8fafc"/>' +
  '<circle cx="100" cy="100" r="70" fill="none" stroke="#9ca3af" stroke-width="6"/>' +
  '<path d="M128 46a30 30 0 0 0-36 38l-44 44a12 12 0 0 0 17 17l44-44a30 30 0 0 0 38-36l-18 18-16-4-4-16z" fill="#c8102e" stroke="#7f1d1d" stroke-width="3" stroke-linejoin="round"/></svg>';
const STATUS_COLOURS: Record<string, string> = { enable: '#15803d', order: '#b45309', disable: '#b91c1c', tel: '#1d4ed8' };

export function imageRoutes(app: FastifyInstance, repo: ShopRepository, options: { photoCacheDir: string }): void {
  const photos = photoStore(options.photoCacheDir);
  /**
   * A product's photo (`{id}.jpg`): at the width asked (`w`, one of IMAGE_WIDTHS; the whole
   * 1200 px photo without it), in the best format the browser accepts (AVIF, WebP, else JPEG;
   * `Vary: Accept`). `{id}.svg` is the product's drawing.
   */
  app.get('/data/gfx/products/:file', async (request, reply) => {
    const match = /^(\d{1,9})\.(svg|jpg)$/.exec((request.params as { file: string }).file);
    const id = match ? Number(match[1]) : NaN;
    const query = request.query as Record<string, unknown>;
    if (match?.[2] === 'jpg') {
      const asked = query.w === undefined ? FULL_IMAGE_WIDTH : typeof query.w === 'string' && /^\d{1,4}$/.test(query.w) ? Number(query.w) : NaN;
      if (!isImageWidth(asked)) throw new BadRequest('invalid_width', `w must be one of ${IMAGE_WIDTHS.join(', ')}`);
      const category = await repo.productCategory(id);
      if (category === null) return reply.code(404).send({ error: { code: 'not_found', message: `No product ${id}` } });
      const format = photoFormatFor(request.headers.accept);
      const bytes = await photos.photo(photoKind(category), () => productSvg(category, ''), asked, format);
      return reply.header('Cache-Control', PHOTO_CACHE).header('Vary', 'Accept').type(PHOTO_CONTENT_TYPE[format]).send(bytes);
    }
    const category = Number.isFinite(id) ? await repo.productCategory(id) : null;
    if (category === null) return reply.code(404).type('image/svg+xml').send(productSvg(null, ''));
    return reply.header('Cache-Control', LONG_CACHE).type('image/svg+xml').send(productSvg(category, ''));
  });
  app.get('/data/gfx/drawings/:file', async (request, reply) => {
    const match = /^([A-Z0-9./_-]{1,40})\.jpg$/.exec((request.params as { file: string }).file);
    if (!match) return reply.code(404).type('image/svg+xml').send(productSvg(null, ''));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160"><rect width="240" height="160" fill="#fff"/><g fill="none" stroke="#1f2937" stroke-width="1.5"><circle cx="90" cy="80" r="56"/><circle cx="90" cy="80" r="22"/><path d="M20 150h140M20 145v10M160 145v10M180 24v112M175 24h10M175 136h10"/></g><text x="90" y="147" font-size="10" text-anchor="middle" font-family="sans-serif">Ø</text><text x="200" y="84" font-size="10" font-family="sans-serif">H</text><text x="120" y="14" font-size="11" text-anchor="middle" font-family="sans-serif">${escapeHtml(match[1])}</text></svg>`;
    return reply.header('Cache-Control', LONG_CACHE).type('image/svg+xml').send(svg);
  });
  app.get('/data/gfx/status/:file', async (request, reply) => {
    const status = (request.params as { file: string }).file.replace(/\.svg$/, '');
    const colour = Object.hasOwn(STATUS_COLOURS, status) ? STATUS_COLOURS[status] : undefined;
    if (!colour) return reply.code(404).type('image/svg+xml').send('<svg xmlns="http://www.w3.org/2000/svg"/>');
    return reply.header('Cache-Control', LONG_CACHE).type('image/svg+xml').send(`<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12"><circle cx="6" cy="6" r="6" fill="${colour}"/></svg>`);
  });
  app.get('/data/gfx/couriers/:file', async (request, reply) => {
    const name = (request.params as { file: string }).file.replace(/\.svg$/, '').toUpperCase().slice(0, 8);
    return reply
      .header('Cache-Control', LONG_CACHE)
      .type('image/svg+xml')
      .send(`<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32" rx="6" fill="#1f2937"/><text x="32" y="21" font-size="12" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#fff">${escapeHtml(name)}</text></svg>`);
  });
  app.get('/data/include/cms/cms/configurator_icons/:file', async (request, reply) => {
    const file = (request.params as { file: string }).file;
    // Accessories and services: a spanner (issue 34, point 16: its tile's icon answered 404).
    if (file === 'accessori.svg') return reply.header('Cache-Control', LONG_CACHE).type('image/svg+xml').send(ACCESSORIES_ICON);
    const category = file.startsWith('pastiglie') ? BRAKE_CATEGORY.pads : file.startsWith('dischi') ? BRAKE_CATEGORY.discs : file.startsWith('kit') ? BRAKE_CATEGORY.kits : null;
    if (category === null) return reply.code(404).type('image/png').send(await defaultIconPng());
    return reply.header('Cache-Control', LONG_CACHE).type('image/svg+xml').send(productSvg(category, ''));
  });
  app.get('/data/gfx/icons/defaulticon_1.png', async (_request, reply) => reply.header('Cache-Control', LONG_CACHE).type('image/png').send(await defaultIconPng()));
}

/**
 * Draws, in the background, the photos a first screen asks most (each kind of part at the
 * phone's and the computer's widths, AVIF and WebP), so the first shoppers' largest paint does
 * not wait for sharp. Already drawn files are only read.
 */
export async function warmProductPhotos(photoCacheDir: string): Promise<void> {
  const photos = photoStore(photoCacheDir);
  for (const category of [BRAKE_CATEGORY.pads, BRAKE_CATEGORY.discs, BRAKE_CATEGORY.kits, null]) {
    for (const width of [320, 420, 640] as const) {
      for (const format of ['avif', 'webp'] as const) await photos.photo(photoKind(category), () => productSvg(category, ''), width, format);
    }
  }
}
