/**
 * File input checks (storefront spec section 5): blacklisted type or extension, size over the
 * field's data max_filesize (MB), and the opinion photo: a .jpg of at most 2048x1536 px.
 */
export const BLACKLISTED_EXTENSIONS = [
  'exe', 'bat', 'cmd', 'com', 'msi', 'sh', 'js', 'mjs', 'php', 'phtml', 'html', 'htm', 'svg', 'jar', 'vbs', 'scr',
  // Markup a browser runs, and its kin: XHTML, HTML applications and components, web archives, XSL, compressed SVG.
  'xhtml', 'xht', 'shtml', 'hta', 'htc', 'mht', 'mhtml', 'svgz', 'xsl', 'xslt',
  // Other programs and scripts Windows runs.
  'pif', 'cpl', 'msc', 'reg', 'lnk', 'scf', 'wsf', 'wsh', 'vbe', 'jse', 'ps1', 'psm1', 'php3', 'php4', 'php5', 'phar',
] as const;
export const BLACKLISTED_MIME_TYPES = [
  'application/x-msdownload',
  'application/x-sh',
  'application/javascript',
  'text/javascript',
  'text/html',
  'image/svg+xml',
  'application/x-php',
  'application/java-archive',
  'application/xhtml+xml',
  'application/hta',
  'text/x-component',
  'text/xsl',
  'application/xslt+xml',
  'message/rfc822',
  'multipart/related',
  'application/x-javascript',
  'application/ecmascript',
  'text/ecmascript',
  'text/vbscript',
  'application/x-httpd-php',
] as const;
export const PHOTO_FIELD = 'opinion_photo';
export const PHOTO_MAX = { width: 2048, height: 1536 } as const;

export type UploadRejection =
  | { kind: 'type_not_allowed' }
  | { kind: 'too_big'; maxMb: number }
  | { kind: 'jpg_only' }
  | { kind: 'photo_too_large'; maxWidth: number; maxHeight: number };

export interface UploadCandidate {
  fieldName: string;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  /** The field's data-max_filesize, in MB. */
  maxFilesizeMb?: number | null;
  /** Measured from the real image, when it is one. */
  image?: { width: number; height: number } | null;
  /**
   * The file's bytes, when read: its type is then also judged by its content (magic bytes), not
   * only by its name and declared type, and a photo's size is read from its JPEG header.
   */
  bytes?: Uint8Array | null;
}

/** What a file's first bytes say it is. */
export type SniffedType = 'jpeg' | 'png' | 'gif' | 'webp' | 'pdf' | 'zip' | 'executable' | 'java' | 'script' | 'php' | 'html' | 'svg' | 'unknown';

/** Content the shop never stores, whatever the file is called: programs, scripts, markup a browser would run. */
export const BLACKLISTED_CONTENT: readonly SniffedType[] = ['executable', 'java', 'script', 'php', 'html', 'svg'];

const startsWith = (bytes: Uint8Array, ...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) => {
  let text = '';
  for (let i = from; i < Math.min(to, bytes.length); i++) text += String.fromCharCode(bytes[i]);
  return text;
};

/** Whether `needle` (ASCII, matched case-insensitively) occurs anywhere in the bytes. */
function containsAscii(bytes: Uint8Array, needle: string): boolean {
  const lower = needle.toLowerCase();
  const folded = (byte: number) => (byte >= 65 && byte <= 90 ? byte + 32 : byte);
  outer: for (let i = 0; i + lower.length <= bytes.length; i++) {
    for (let j = 0; j < lower.length; j++) {
      if (folded(bytes[i + j]) !== lower.charCodeAt(j)) continue outer;
    }
    return true;
  }
  return false;
}

/**
 * The type of a file by its content (magic bytes): images, PDF, ZIP (documents), and what the
 * blacklist refuses: Windows / Linux / macOS programs, Java archives and classes, scripts
 * (#!, batch), PHP anywhere in the file (a photo carrying PHP in its comment included), HTML, SVG.
 */
export function sniffFileType(bytes: Uint8Array): SniffedType {
  if (containsAscii(bytes, '<?php')) return 'php';
  if (startsWith(bytes, 0x4d, 0x5a) || startsWith(bytes, 0x7f, 0x45, 0x4c, 0x46) || startsWith(bytes, 0xcf, 0xfa, 0xed, 0xfe) || startsWith(bytes, 0xfe, 0xed, 0xfa, 0xcf)) return 'executable';
  if (startsWith(bytes, 0xca, 0xfe, 0xba, 0xbe)) return 'java';
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return containsAscii(bytes.subarray(0, 1024), 'META-INF/') ? 'java' : 'zip';
  // Text: skip a byte-order mark and leading white space, then look at how it starts.
  let start = startsWith(bytes, 0xef, 0xbb, 0xbf) ? 3 : 0;
  while (start < bytes.length && [0x09, 0x0a, 0x0d, 0x20].includes(bytes[start])) start++;
  const head = ascii(bytes, start, start + 256).toLowerCase();
  if (head.startsWith('#!') || head.startsWith('@echo')) return 'script';
  if (/^<(!doctype html|html|head|body|script|iframe)\b/.test(head)) return 'html';
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && containsAscii(bytes.subarray(0, 4096), '<svg'))) return 'svg';
  // Markup a browser would run wherever it starts (behind a comment, text or anything else).
  const markup = MARKUP.exec(latin1(bytes));
  if (markup) return markup[1].toLowerCase() === 'svg' ? 'svg' : 'html';
  return 'unknown';
}

/** Elements that make a file a page (or an SVG) to a browser, anywhere in it. */
const MARKUP = /<\s*(?:[\w-]+:)?(svg|script|html|iframe|body|object|embed|stylesheet|!doctype\s+html|\?xml-stylesheet)\b/i;

/** The pixel size in a JPEG's frame header (SOF0..SOF15 but DHT, JPG and DAC), or null when there is none. */
export function jpegDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (!startsWith(bytes, 0xff, 0xd8)) return null;
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    // Markers without a length: TEM, RSTn.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > bytes.length) return null;
      const height = (bytes[i + 5] << 8) | bytes[i + 6];
      const width = (bytes[i + 7] << 8) | bytes[i + 8];
      return width > 0 && height > 0 ? { width, height } : null;
    }
    // Start of scan or end of image before any frame: no size.
    if (marker === 0xda || marker === 0xd9) return null;
    i += 2 + length;
  }
  return null;
}

/** The extension a system would read: after trailing dots and spaces (Windows drops them: `run.bat.` runs), before a stream name (`x.bat::$DATA`). */
const extensionOf = (fileName: string) => {
  const name = fileName.replace(/:.*$/, '').replace(/[.\s]+$/, '');
  return name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
};

/** A declared type's essence: parameters stripped, lower case (`Text/HTML; charset=utf-8` is text/html). */
export const typeEssence = (mimeType: string) => mimeType.split(';')[0].trim().toLowerCase();

/**
 * The first reason to refuse the file, or null when it may be sent. The page and the server
 * (POST /contact.php) both call it: by name and declared type first, and, given the bytes, by
 * content (magic bytes) and the photo's JPEG header.
 */
export function checkUpload(file: UploadCandidate): UploadRejection | null {
  const extension = extensionOf(file.fileName);
  const content = file.bytes ? sniffFileType(file.bytes) : null;
  if (
    (BLACKLISTED_EXTENSIONS as readonly string[]).includes(extension) ||
    (BLACKLISTED_MIME_TYPES as readonly string[]).includes(typeEssence(file.mimeType)) ||
    (content !== null && BLACKLISTED_CONTENT.includes(content))
  ) {
    return { kind: 'type_not_allowed' };
  }
  if (file.maxFilesizeMb && file.sizeBytes > file.maxFilesizeMb * 1024 * 1024) return { kind: 'too_big', maxMb: file.maxFilesizeMb };
  if (file.fieldName === PHOTO_FIELD) {
    if (!['jpg', 'jpeg'].includes(extension) || typeEssence(file.mimeType) !== 'image/jpeg') return { kind: 'jpg_only' };
    // By content: a JPEG whose header gives its size (a file that only calls itself .jpg is none).
    const image = file.bytes ? (content === 'jpeg' ? jpegDimensions(file.bytes) : null) : file.image;
    if (file.bytes && !image) return { kind: 'jpg_only' };
    if (image && (image.width > PHOTO_MAX.width || image.height > PHOTO_MAX.height)) {
      return { kind: 'photo_too_large', maxWidth: PHOTO_MAX.width, maxHeight: PHOTO_MAX.height };
    }
  }
  return null;
}

/** Bytes read as Latin-1 text, one character per byte (in slices: a large file would overflow the call's arguments). */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return text;
}
