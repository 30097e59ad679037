import { chromium } from '@playwright/test';

/**
 * The images of a phone's first screen of a listing: what Chromium downloads for the pictures
 * visible without scrolling (375 x 812, a phone's screen density), against the same pictures
 * served whole (the 1200 px JPEG a shop without sized photos would send), and against the
 * drawings the demo sent before it had photos (measured on main before issue 24).
 */
export interface FirstScreenImagesRow {
  page: string;
  viewport: string;
  /** Pictures on the first screen (an <img> whose box starts above the fold). */
  imagesOnFirstScreen: number;
  /** Bytes downloaded for those pictures (the widths and format the browser chose). */
  firstScreenBytes: number;
  /** Every image byte downloaded until the network was idle (lazy ones near the screen included). */
  allImageBytes: number;
  /** The same first-screen pictures served whole: the photo at 1200 px, JPEG. */
  wholePhotoBytes: number;
  formats: string[];
}

/**
 * Before photos: the demo's SVG drawings (2 on the first screen, 4 loaded until idle), main at
 * 66f5516 (before issue 24), measured the same way on 2026-11-24.
 */
export const BEFORE_PHOTOS = { firstScreenBytes: 1098, images: 2, allImageBytes: 2196, note: 'SVG drawings of 0.5-0.9 KB each, not photos' };

const PHONE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

export async function measureFirstScreenImages(baseUrl: string, path: string, chromiumPath: string): Promise<FirstScreenImagesRow> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT });
    const page = await context.newPage();
    const bodies: Array<Promise<{ url: string; bytes: number; type: string }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'image') return;
      bodies.push(
        response.body().then(
          (body) => ({ url: response.url(), bytes: body.length, type: response.headers()['content-type'] ?? '' }),
          () => ({ url: response.url(), bytes: 0, type: '' }),
        ),
      );
    });
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(bodies);
    // The product pictures whose box starts on the first screen, and the source each one shows.
    const onScreen = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('img.product-card__image')]
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .map((image) => ({ current: image.currentSrc, whole: image.src.replace(/\?.*$/, '') })),
    );
    const bytesOf = (url: string) => loaded.find((entry) => entry.url === url)?.bytes ?? 0;
    let wholePhotoBytes = 0;
    for (const { whole } of onScreen) {
      const response = await context.request.get(whole, { headers: { accept: 'image/jpeg' } });
      wholePhotoBytes += (await response.body()).length;
    }
    await context.close();
    return {
      page: path,
      viewport: '375 x 812, density 1.75',
      imagesOnFirstScreen: onScreen.length,
      firstScreenBytes: onScreen.reduce((sum, { current }) => sum + bytesOf(current), 0),
      allImageBytes: loaded.reduce((sum, entry) => sum + entry.bytes, 0),
      wholePhotoBytes,
      formats: [...new Set(loaded.map((entry) => entry.type).filter(Boolean))],
    };
  } finally {
    await browser.close();
  }
}
