import { combineReducers, configureStore, type Action } from '@reduxjs/toolkit';
import createSagaMiddleware, { type MulticastChannel } from 'redux-saga';
import flows from './flowsSlice';
import basket from './basketSlice';
import page from './pageSlice';
import shopData from './shopDataSlice';
import hotspots from './hotspotsSlice';
import product from './productSlice';
import basketPage from './basketPageSlice';
import vehicle from './vehicleSlice';
import liveSearch from './liveSearchSlice';
import finder from './finderSlice';
import fitment from './fitmentSlice';
import checkout from './checkoutSlice';
import { sessionRecorder } from './sessionRecorder';

export const rootReducer = combineReducers({ flows, basket, basketPage, page, product, shopData, hotspots, vehicle, liveSearch, finder, fitment, checkout });
export type RootState = ReturnType<typeof rootReducer>;

/** The one store. The root saga runs after the store exists (NOTES: redux-saga with RTK 2). */
export function createShopStore(preloadedState?: Partial<RootState>, options: { sagaChannel?: MulticastChannel<Action> } = {}) {
  // `?record` in a development build; the page's own saga channel where it starts its sagas in steps (sagas/startup.ts).
  const sagaMiddleware = createSagaMiddleware({ sagaMonitor: sessionRecorder(preloadedState, options.sagaChannel ? 'steps' : undefined), ...(options.sagaChannel ? { channel: options.sagaChannel } : {}) });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  return { store, runSaga: sagaMiddleware.run };
}

export type ShopStore = ReturnType<typeof createShopStore>['store'];
export type AppDispatch = ShopStore['dispatch'];
