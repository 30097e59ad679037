import { assign, emit, setup } from 'xstate';
import { firstErrorField, formValues, serverChecks, validateForm, type FormErrors, type FormFieldValue, type ServerCheck } from '../src/domain/formRules';

/**
 * A submitting form (brake-shop spec sections 4 and 5). On submit the fields are checked by
 * the local rules; fields that need it are then checked by the server (validating); a valid
 * form is sent (submitting), and while it is validating or submitting a further submit is
 * ignored. Errors send the shopper back to editing and ask for the first one to be scrolled
 * to and focused. The machine asks for the work by emitting; the form saga answers.
 */
/** Every form's flow id starts with this (`form:contact`); its element carries data-flow. */
export const FORM_FLOW_PREFIX = 'form:';

export interface FormInput {
  /** Where the form is sent (POST, form-encoded; multipart when it carries files). */
  action: string;
}

export interface FormContext {
  action: string;
  errors: FormErrors;
  /** The field names in form order, from the last submit. */
  order: string[];
  /** Values waiting for the server check before they are sent. */
  pending: Record<string, string> | null;
  /** The last send's failure, as a message key. */
  failure: string | null;
  /** How many times the form was sent (successful or not). */
  sent: number;
  /** The files the shop said it received with the last successful send (name and size in bytes). */
  received: FormReceipt[];
}

/** A file the shop received with the form. */
export interface FormReceipt {
  field: string;
  name: string;
  size: number;
}

export type FormEvent =
  | { type: 'SUBMIT'; fields: FormFieldValue[] }
  | { type: 'CHANGE'; field: string }
  | { type: 'CHECKED'; errors: FormErrors }
  | { type: 'CHECK_FAILED' }
  | { type: 'SUBMITTED'; received?: FormReceipt[] }
  | { type: 'SUBMIT_FAILED'; errors?: FormErrors; failure?: string }
  | { type: 'RESET' };

export type FormEmitted =
  | { type: 'check'; checks: Array<{ name: string; field: ServerCheck; value: string }> }
  | { type: 'send'; action: string; values: Record<string, string> }
  | { type: 'focusError'; field: string };

type SubmitEvent = Extract<FormEvent, { type: 'SUBMIT' }>;

export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    emitted: {} as FormEmitted,
    input: {} as FormInput,
  },
  guards: {
    hasLocalErrors: ({ event }) => Object.keys(validateForm((event as SubmitEvent).fields)).length > 0,
    needsServerCheck: ({ event }) => serverChecks((event as SubmitEvent).fields, {}).length > 0,
    checkFoundErrors: ({ event }) => event.type === 'CHECKED' && Object.keys(event.errors).length > 0,
    sendFoundErrors: ({ event }) => event.type === 'SUBMIT_FAILED' && Object.keys(event.errors ?? {}).length > 0,
  },
  actions: {
    takeLocalErrors: assign(({ event }) => {
      const fields = (event as SubmitEvent).fields;
      return { errors: validateForm(fields), order: fields.map((f) => f.name), pending: null, failure: null };
    }),
    takeValues: assign(({ event }) => {
      const fields = (event as SubmitEvent).fields;
      return { errors: {}, order: fields.map((f) => f.name), pending: formValues(fields), failure: null };
    }),
    requestCheck: emit(({ event }) => ({ type: 'check' as const, checks: serverChecks((event as SubmitEvent).fields, {}) })),
    takeCheckErrors: assign(({ event }) => (event.type === 'CHECKED' ? { errors: event.errors, pending: null } : {})),
    takeSendErrors: assign(({ context, event }) =>
      event.type === 'SUBMIT_FAILED' ? { errors: event.errors ?? {}, failure: event.failure ?? 'forms.submitFailed', pending: null, sent: context.sent + 1 } : {},
    ),
    checkUnavailable: assign({ failure: 'forms.checkFailed', pending: null }),
    requestSend: emit(({ context }) => ({ type: 'send' as const, action: context.action, values: context.pending ?? {} })),
    countSent: assign(({ context, event }) => ({ sent: context.sent + 1, pending: null, received: event.type === 'SUBMITTED' ? (event.received ?? []) : [] })),
    focusFirstError: emit(({ context }) => ({ type: 'focusError' as const, field: firstErrorField(context.order, context.errors) ?? '' })),
    clearFieldError: assign(({ context, event }) => {
      if (event.type !== 'CHANGE' || !(event.field in context.errors)) return {};
      const errors = { ...context.errors };
      delete errors[event.field];
      return { errors };
    }),
    clearAll: assign({ errors: {}, pending: null, failure: null, received: [] }),
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({ action: input.action, errors: {}, order: [], pending: null, failure: null, sent: 0, received: [] }),
  initial: 'editing',
  on: {
    // A field edited by the shopper loses its error in any state.
    CHANGE: { actions: 'clearFieldError' },
  },
  states: {
    editing: {
      on: {
        SUBMIT: [
          { guard: 'hasLocalErrors', actions: ['takeLocalErrors', 'focusFirstError'] },
          { guard: 'needsServerCheck', target: 'validating', actions: ['takeValues', 'requestCheck'] },
          { target: 'submitting', actions: ['takeValues', 'requestSend'] },
        ],
      },
    },
    validating: {
      on: {
        CHECKED: [
          { guard: 'checkFoundErrors', target: 'editing', actions: ['takeCheckErrors', 'focusFirstError'] },
          { target: 'submitting', actions: 'requestSend' },
        ],
        CHECK_FAILED: { target: 'failed', actions: 'checkUnavailable' },
      },
    },
    submitting: {
      on: {
        SUBMITTED: { target: 'submitted', actions: 'countSent' },
        SUBMIT_FAILED: [
          { guard: 'sendFoundErrors', target: 'editing', actions: ['takeSendErrors', 'focusFirstError'] },
          { target: 'failed', actions: 'takeSendErrors' },
        ],
      },
    },
    submitted: {
      on: { RESET: { target: 'editing', actions: 'clearAll' } },
    },
    failed: {
      on: {
        SUBMIT: [
          { guard: 'hasLocalErrors', target: 'editing', actions: ['takeLocalErrors', 'focusFirstError'] },
          { guard: 'needsServerCheck', target: 'validating', actions: ['takeValues', 'requestCheck'] },
          { target: 'submitting', actions: ['takeValues', 'requestSend'] },
        ],
        RESET: { target: 'editing', actions: 'clearAll' },
      },
    },
  },
});
