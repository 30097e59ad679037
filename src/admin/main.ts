import './admin.css';
import './orders.css';
import { runSaga, stdChannel } from 'redux-saga';
import { createActor } from 'xstate';
import { ownerSignInMachine } from '../../machines/ownerSignIn';
import { pageToken } from './api';
import { signInSaga } from './signInSaga';
import { attachSignIn } from './signInView';
import { orderStatusSaga } from './orderStatusSaga';
import { attachOrderStatus } from './orderStatusView';
import { attachImport } from './importView';

/**
 * The back office's own bundle (webpack entry `admin`, issue 36): loaded by /admin/ pages only,
 * never by a shopper's. Every admin page works without it (server-drawn forms that post); on
 * the sign-in page it runs the sign-in machine (machines/ownerSignIn.ts) with its saga, on an
 * order's page the order status saga.
 */

/** On an order's page: its status forms through the order status saga (src/admin/orderStatusSaga.ts). */
function startOrderStatus(): void {
  const attached = attachOrderStatus(document);
  if (!attached) return;
  runSaga({ channel: stdChannel(), dispatch: () => undefined, getState: () => ({}) }, orderStatusSaga, attached.submits, attached.order, {
    ...attached.effects,
    token: () => pageToken(),
    navigate: (url: string) => window.location.assign(url),
  });
}

function start(): void {
  startOrderStatus();
  attachImport(document);
  const actor = createActor(ownerSignInMachine);
  const render = attachSignIn(document, (event) => actor.send(event));
  document.documentElement.dataset.adminReady = 'true';
  if (!render) return;
  actor.subscribe((snapshot) => render(snapshot));
  runSaga({ channel: stdChannel(), dispatch: () => undefined, getState: () => ({}) }, signInSaga, actor, { token: () => pageToken(), navigate: (url: string) => window.location.assign(url) });
  actor.start();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
