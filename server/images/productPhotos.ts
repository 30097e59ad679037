import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { FULL_IMAGE_WIDTH, type ImageWidth } from '../../src/domain/responsiveImage';

/**
 * The demo catalogue's product photos: raster pictures made from its drawings (one per kind of
 * part) the first time one is asked, as a shop's uploaded photo would be (1200 px JPEG, with a
 * sensor's grain, so they weigh what real photos weigh); each width and format a browser asks is
 * drawn from that photo once and kept on disk, shared by every server process on the machine.
 */
/** Where photos are kept: PHOTO_CACHE_DIR, else `photos` beside the database ($DATA_DIR, default ./data). */
export function photoCacheDirFromEnv(): string {
  return resolve(process.env.PHOTO_CACHE_DIR || join(process.env.DATA_DIR || 'data', 'photos'));
}

export type PhotoFormat = 'avif' | 'webp' | 'jpeg';

export const PHOTO_CONTENT_TYPE: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** The best format the browser says it accepts: AVIF, then WebP, else JPEG (every browser). */
export function photoFormatFor(accept: string | undefined): PhotoFormat {
  const types = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';'))
    // "image/webp;q=0" refuses it.
    .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
    .map(([type]) => type.trim());
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return 'jpeg';
}

const ENCODE: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
};

export interface PhotoStore {
  /** The photo of a kind of part at a width, in a format: from the disk cache, else drawn once and kept. */
  photo(kind: string, svg: () => string, width: ImageWidth, format: PhotoFormat): Promise<Buffer>;
}

/** Photos kept under `dir` (`{kind}.jpg` the whole photo, `{kind}-{width}.{format}` each variant). */
export function photoStore(dir: string): PhotoStore {
  const inFlight = new Map<string, Promise<Buffer>>();
  let made: Promise<unknown> | null = null;
  const ensureDir = () => (made ??= mkdir(dir, { recursive: true }));

  /** Reads a cached file, else makes it, writes it (atomically: another process may be reading) and answers it. */
  const cached = (file: string, make: () => Promise<Buffer>): Promise<Buffer> => {
    const pending = inFlight.get(file);
    if (pending) return pending;
    const work = (async () => {
      const path = join(dir, file);
      try {
        return await readFile(path);
      } catch {
        await ensureDir();
        const bytes = await make();
        const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        await writeFile(temporary, bytes);
        await rename(temporary, path);
        return bytes;
      }
    })();
    inFlight.set(file, work);
    void work.then(
      () => inFlight.delete(file),
      () => inFlight.delete(file),
    );
    return work;
  };

  const master = (kind: string, svg: () => string) =>
    cached(`${kind}.jpg`, async () => {
      const size = FULL_IMAGE_WIDTH;
      const drawing = await sharp(Buffer.from(svg()), { density: (72 * size) / 200 }).resize(size, size).removeAlpha().raw().toBuffer();
      // A sensor's grain: the photo compresses as a photo does, not as a flat drawing.
      const grain = await sharp({ create: { width: size, height: size, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 9 } } }).raw().toBuffer();
      const pixels = Buffer.alloc(drawing.length);
      for (let i = 0; i < drawing.length; i++) pixels[i] = Math.max(0, Math.min(255, drawing[i] + grain[i] - 128));
      return sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    });

  return {
    photo: (kind, svg, width, format) =>
      cached(`${kind}-${width}.${format}`, async () => ENCODE[format](sharp(await master(kind, svg)).resize(width, width)).toBuffer()),
  };
}
