import { assign, emit, setup } from 'xstate';

/**
 * The owner's sign-in to the back office (issue 36): the password, then (when the owner turned
 * it on) the second factor's code. The machine asks for each check by emitting (`signIn`,
 * `sendCode`) and learns the shop's answer as an event; the admin bundle's saga
 * (src/admin/signInSaga.ts) does the calls and, once signed in, opens the back office (`open`).
 * While a check is under way a further submit is ignored. Without JavaScript the same forms
 * post and the server answers with the next page: the machine only spares the page loads.
 *
 * Not in the storefront's registry (machines/index.ts): no shopper page loads it. It is exported
 * and model-tested with the others through `adminMachines` (machines/admin.ts).
 */
export type SignInFailure = 'wrong' | 'wrongCode' | 'throttled' | 'expired' | 'failed';

export interface OwnerSignInContext {
  failure: SignInFailure | null;
  /** Seconds to wait, when throttled. */
  seconds: number;
}

export type OwnerSignInEvent =
  | { type: 'SUBMIT'; email: string; password: string }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'SIGNED_IN' }
  | { type: 'CODE_NEEDED' }
  | { type: 'REFUSED'; failure: Exclude<SignInFailure, 'throttled'> }
  | { type: 'THROTTLED'; seconds: number };

export type OwnerSignInEmitted = { type: 'signIn'; email: string; password: string } | { type: 'sendCode'; code: string } | { type: 'open' };

const failureOf = ({ event }: { event: OwnerSignInEvent }) =>
  event.type === 'THROTTLED' ? { failure: 'throttled' as const, seconds: Math.max(1, Math.round(event.seconds)) } : event.type === 'REFUSED' ? { failure: event.failure, seconds: 0 } : {};

export const ownerSignInMachine = setup({
  types: {
    context: {} as OwnerSignInContext,
    events: {} as OwnerSignInEvent,
    emitted: {} as OwnerSignInEmitted,
  },
  guards: {
    filledIn: ({ event }) => event.type === 'SUBMIT' && event.email.trim() !== '' && event.password !== '',
    codeGiven: ({ event }) => event.type === 'SUBMIT_CODE' && event.code.trim() !== '',
    sessionEnded: ({ event }) => event.type === 'REFUSED' && event.failure === 'expired',
  },
  actions: {
    requestSignIn: emit(({ event }) => (event.type === 'SUBMIT' ? { type: 'signIn' as const, email: event.email.trim(), password: event.password } : { type: 'signIn' as const, email: '', password: '' })),
    requestCode: emit(({ event }) => ({ type: 'sendCode' as const, code: event.type === 'SUBMIT_CODE' ? event.code.trim() : '' })),
    open: emit({ type: 'open' as const }),
    clearFailure: assign({ failure: null, seconds: 0 }),
    takeFailure: assign(failureOf),
  },
}).createMachine({
  id: 'ownerSignIn',
  context: { failure: null, seconds: 0 },
  initial: 'password',
  states: {
    password: {
      on: { SUBMIT: { guard: 'filledIn', target: 'checkingPassword', actions: ['clearFailure', 'requestSignIn'] } },
    },
    checkingPassword: {
      on: {
        SIGNED_IN: { target: 'signedIn' },
        CODE_NEEDED: { target: 'code' },
        REFUSED: { target: 'password', actions: 'takeFailure' },
        THROTTLED: { target: 'password', actions: 'takeFailure' },
      },
    },
    code: {
      on: { SUBMIT_CODE: { guard: 'codeGiven', target: 'checkingCode', actions: ['clearFailure', 'requestCode'] } },
    },
    checkingCode: {
      on: {
        SIGNED_IN: { target: 'signedIn' },
        REFUSED: [
          { guard: 'sessionEnded', target: 'password', actions: 'takeFailure' },
          { target: 'code', actions: 'takeFailure' },
        ],
        THROTTLED: { target: 'code', actions: 'takeFailure' },
      },
    },
    signedIn: {
      type: 'final',
      entry: 'open',
    },
  },
});
