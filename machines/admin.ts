import type { AnyStateMachine } from 'xstate';
import { allMachines } from './index';
import { ownerSignInMachine } from './ownerSignIn';

/**
 * The back office's machines (src/admin/, issue 36): kept out of the storefront's registry
 * (machines/index.ts), which every shopper page loads, and loaded only by the admin bundle.
 */
export const adminMachines: Record<string, AnyStateMachine> = {
  ownerSignIn: ownerSignInMachine,
};

/** Every machine, the storefront's and the back office's: what the export writes and the tests walk. */
export async function everyMachine(): Promise<Record<string, AnyStateMachine>> {
  return { ...(await allMachines()), ...adminMachines };
}
