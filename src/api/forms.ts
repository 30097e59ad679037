import { form, http } from './http';
import type { ContactMessageResponse, FieldValidationResponse } from './wire';

/** The per-field validation URL: an errno other than 0 marks the field invalid. */
export async function validateFieldOnServer(field: string, value: string, signal?: AbortSignal): Promise<FieldValidationResponse> {
  const response = await http.get<FieldValidationResponse>('/ajax/validate.php', { params: { field, value }, signal });
  return response.data;
}

/** Sends a form, form-encoded, to its action. */
export async function sendForm(action: string, values: Record<string, string>, signal?: AbortSignal): Promise<ContactMessageResponse> {
  const response = await http.post<ContactMessageResponse>(action, form(values), { signal });
  return response.data;
}
