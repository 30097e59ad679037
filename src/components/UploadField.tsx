import { useId, type ChangeEvent } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { showAlert } from '../../store/actions';
import type { AlertMessage } from '../../machines/alert';
import { checkUpload, type UploadRejection } from '../domain/upload';

/** A file's bytes (File.arrayBuffer in the browser; tests give their own). */
export type ReadFile = (file: Blob) => Promise<Uint8Array>;
export const readFileBytes: ReadFile = async (file) => new Uint8Array(await file.arrayBuffer());

/** The alert for a refused file (texts in the i18n catalogues, section `upload`). */
export function rejectionAlert(rejection: UploadRejection): AlertMessage {
  switch (rejection.kind) {
    case 'type_not_allowed':
      return { key: 'upload.typeNotAllowed', style: 'error' };
    case 'too_big':
      return { key: 'upload.tooBig', params: { mb: rejection.maxMb }, style: 'error' };
    case 'jpg_only':
      return { key: 'upload.jpgOnly', style: 'error' };
    case 'photo_too_large':
      return { key: 'upload.photoTooLarge', params: { width: rejection.maxWidth, height: rejection.maxHeight }, style: 'error' };
  }
}

/**
 * Checks a chosen file against the field (storefront spec section 5) by the rules the shop checks
 * again when it receives it (src/domain/upload.ts): type by name and declared type, the field's
 * data-max_filesize; then, the file read (only once it passed those, so never more than the
 * field's limit), its type by content (magic bytes) and, for opinion_photo, a JPEG whose header
 * gives at most 2048x1536 px.
 */
export async function checkChosenFile(input: HTMLInputElement, file: File, read: ReadFile = readFileBytes): Promise<UploadRejection | null> {
  const raw = input.dataset.max_filesize;
  const candidate = {
    fieldName: input.name,
    fileName: file.name,
    mimeType: file.type,
    sizeBytes: file.size,
    maxFilesizeMb: raw ? Number(raw) || null : null,
  };
  const first = checkUpload(candidate);
  if (first) return first;
  return checkUpload({ ...candidate, bytes: await read(file) });
}

/**
 * A file field that refuses what the shop would not store: on rejection the field is
 * cleared and the site's alert says why. A file it accepted (data-upload="accepted") is sent
 * with the form it is in (sagas/form.ts).
 */
export function UploadField({
  name,
  label,
  hint,
  accept,
  maxFilesizeMb,
  read = readFileBytes,
}: {
  name: string;
  label: string;
  hint?: string;
  accept?: string;
  maxFilesizeMb?: number;
  read?: ReadFile;
}) {
  const dispatch = useAppDispatch();
  const id = useId();
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) {
      delete input.dataset.upload;
      return;
    }
    // The field says where its check is (checking, accepted, rejected: kind) for styles and tests.
    input.dataset.upload = 'checking';
    const rejection = await checkChosenFile(input, file, read);
    // Another file may have been chosen while this one was being measured.
    if (input.files?.[0] !== file) return;
    if (!rejection) {
      input.dataset.upload = 'accepted';
      return;
    }
    input.value = '';
    input.dataset.upload = `rejected: ${rejection.kind}`;
    dispatch(showAlert(rejectionAlert(rejection)));
  };
  return (
    <div className="upload-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        name={name}
        accept={accept}
        data-max_filesize={maxFilesizeMb}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => void onChange(event)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="upload-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
