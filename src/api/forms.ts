import { form, http } from './http';
import type { ContactMessageResponse, FieldValidationResponse } from './wire';

/** The per-field validation URL: an errno other than 0 marks the field invalid. */
export async function validateFieldOnServer(field: string, value: string, signal?: AbortSignal): Promise<FieldValidationResponse> {
  const response = await http.get<FieldValidationResponse>('/ajax/validate.php', { params: { field, value }, signal });
  return response.data;
}

/** A file chosen in a form's file field, sent with the form. */
export interface FormFile {
  field: string;
  file: File;
}

/**
 * Sends a form to its action: form-encoded, or as multipart/form-data (the browser's FormData,
 * which sets its own boundary) when it carries files.
 */
export async function sendForm(action: string, values: Record<string, string>, files: readonly FormFile[] = [], signal?: AbortSignal): Promise<ContactMessageResponse> {
  if (!files.length) return (await http.post<ContactMessageResponse>(action, form(values), { signal })).data;
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.append(name, value);
  for (const { field, file } of files) body.append(field, file, file.name);
  return (await http.post<ContactMessageResponse>(action, body, { signal, timeout: 0 })).data;
}
