/**
 * File input checks (storefront spec section 5): blacklisted type or extension, size over the
 * field's data max_filesize (MB), and the opinion photo: a .jpg of at most 2048x1536 px.
 */
export const BLACKLISTED_EXTENSIONS = ['exe', 'bat', 'cmd', 'com', 'msi', 'sh', 'js', 'mjs', 'php', 'phtml', 'html', 'htm', 'svg', 'jar', 'vbs', 'scr'] as const;
export const BLACKLISTED_MIME_TYPES = [
  'application/x-msdownload',
  'application/x-sh',
  'application/javascript',
  'text/javascript',
  'text/html',
  'image/svg+xml',
  'application/x-php',
  'application/java-archive',
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
}

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** The first reason to refuse the file, or null when it may be sent. */
export function checkUpload(file: UploadCandidate): UploadRejection | null {
  const extension = extensionOf(file.fileName);
  if ((BLACKLISTED_EXTENSIONS as readonly string[]).includes(extension) || (BLACKLISTED_MIME_TYPES as readonly string[]).includes(file.mimeType.toLowerCase())) {
    return { kind: 'type_not_allowed' };
  }
  if (file.maxFilesizeMb && file.sizeBytes > file.maxFilesizeMb * 1024 * 1024) return { kind: 'too_big', maxMb: file.maxFilesizeMb };
  if (file.fieldName === PHOTO_FIELD) {
    if (!['jpg', 'jpeg'].includes(extension) || file.mimeType.toLowerCase() !== 'image/jpeg') return { kind: 'jpg_only' };
    if (file.image && (file.image.width > PHOTO_MAX.width || file.image.height > PHOTO_MAX.height)) {
      return { kind: 'photo_too_large', maxWidth: PHOTO_MAX.width, maxHeight: PHOTO_MAX.height };
    }
  }
  return null;
}
