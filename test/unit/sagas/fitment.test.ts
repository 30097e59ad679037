import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { syncFitments } from '../../../sagas/fitment';
import { fetchFitments } from '../../../src/api/fitment';
import type { ListingProduct, ListingResponse } from '../../../src/api/wire';
import { fitStatus, type FitRow } from '../../../src/domain/fitment';
import { parseFitNote, monthLabel } from '../../../src/domain/fitNotes';
import { rootReducer, type RootState } from '../../../store';
import { selectFit, selectMissingFits } from '../../../store/fitmentSelectors';
import { listingLoaded } from '../../../store/pageSlice';
import { vehicleRestored } from '../../../store/vehicleSlice';

const golf = {
  brand: { id: 29, name: 'Volkswagen' },
  model: { id: 1280, name: 'Golf' },
  year: { id: 5500, name: 'Golf II (2004-2010)' },
  engine: { id: 20500, name: '1.6 TDI 105 CV (77 kW)' },
};

const card = (id: number) => ({ id, name: `P${id}`, category: { id: 148728, name: 'Pastiglie freno' }, axis: null }) as unknown as ListingProduct;
const listing = (ids: number[]) => ({ products: ids.map(card), total: ids.length }) as unknown as ListingResponse;

function stateWith(ids: number[], vehicle = true): RootState {
  let state = rootReducer(undefined, { type: 'init' });
  if (vehicle) state = rootReducer(state, vehicleRestored(golf));
  return rootReducer(state, listingLoaded(listing(ids)));
}

const fit = (productId: number, extra: Partial<FitRow> = {}): FitRow => ({ engineId: golf.engine.id, productId, position: 'front', fromMonth: null, toMonth: null, note: null, ...extra });

describe('fit status and notes (src/domain/fitment.ts)', () => {
  it('fits without qualifiers but the axle; check with a note or production months; none without a fit; universal whatever the fit', () => {
    expect(fitStatus(fit(1, { note: 'abs' }), true)).toBe('universal');
    expect(fitStatus(null, true)).toBe('universal');
    expect(fitStatus(fit(1))).toBe('fits');
    expect(fitStatus(fit(1, { note: 'abs' }))).toBe('check');
    expect(fitStatus(fit(1, { fromMonth: '2006-09' }))).toBe('check');
    expect(fitStatus(fit(1, { toMonth: '2006-09' }))).toBe('check');
    expect(fitStatus(null)).toBe('none');
  });

  it('reads note codes with their argument, and any other text as written', () => {
    expect(parseFitNote('abs')).toEqual({ code: 'abs', value: null });
    expect(parseFitNote('discDiameter:280')).toEqual({ code: 'discDiameter', value: '280' });
    expect(parseFitNote('solo per versione GPL')).toEqual({ text: 'solo per versione GPL' });
    expect(parseFitNote('unknownCode')).toEqual({ text: 'unknownCode' });
    expect(parseFitNote('  ')).toBeNull();
    expect(parseFitNote(null)).toBeNull();
    expect(monthLabel('2006-09')).toBe('09/2006');
  });
});

describe('fitment saga', () => {
  it('asks which of the page\'s products fit the chosen vehicle, once per pair, and keeps the answer with its qualifiers', async () => {
    const fits = [fit(101, { note: 'discDiameter:280' }), fit(103)];
    const e = golf.engine.id;
    const answers = [
      { engineId: e, productId: 101, status: 'check' as const },
      { engineId: e, productId: 102, status: 'none' as const },
      { engineId: e, productId: 103, status: 'fits' as const },
      { engineId: e, productId: 104, status: 'universal' as const },
    ];
    const { storeState, effects } = await expectSaga(syncFitments)
      .withReducer(rootReducer, stateWith([101, 102, 103, 104]))
      .provide([[matchers.call.fn(fetchFitments), { fits, answers }]])
      .run();
    expect(effects.call.map((effect) => (effect.payload.args as unknown[]).slice(0, 2))).toEqual([[[golf.engine.id], [101, 102, 103, 104]]]);
    const state = storeState as RootState;
    expect(selectFit(state, 101)).toEqual({ vehicle: { engineId: 20500, label: 'Volkswagen Golf II (2004-2010) 1.6 TDI 105 CV (77 kW)' }, status: 'check', fit: { position: 'front', fromMonth: null, toMonth: null, note: 'discDiameter:280' } });
    expect(selectFit(state, 102)?.status).toBe('none');
    expect(selectFit(state, 103)?.status).toBe('fits');
    // The server's word: a universal part is neither "fits" nor "does not fit".
    expect(selectFit(state, 104)).toEqual({ vehicle: expect.objectContaining({ engineId: 20500 }), status: 'universal', fit: null });
    // Everything is known: nothing more to ask.
    expect(selectMissingFits(state)).toBeNull();
  });

  it('asks nothing without a vehicle with an engine', async () => {
    await expectSaga(syncFitments)
      .withReducer(rootReducer, stateWith([101], false))
      .provide([[matchers.call.fn(fetchFitments), { fits: [], answers: [] }]])
      .not.call.fn(fetchFitments)
      .run();
  });

  it('asks 60 products at a time', async () => {
    const ids = Array.from({ length: 70 }, (_, i) => 1000 + i);
    const { effects } = await expectSaga(syncFitments)
      .withReducer(rootReducer, stateWith(ids))
      .provide([[matchers.call.fn(fetchFitments), { fits: [], answers: [] }]])
      .run();
    const calls = effects.call.map((effect) => (effect.payload.args as unknown[])[1] as number[]);
    expect(calls.map((products) => products.length)).toEqual([60, 10]);
  });

  it('a failed answer leaves the fits unknown: no part says anything', async () => {
    const { storeState } = await expectSaga(syncFitments)
      .withReducer(rootReducer, stateWith([101]))
      .provide([[matchers.call.fn(fetchFitments), throwError(new Error('offline'))]])
      .run();
    expect(selectFit(storeState as RootState, 101)).toBeUndefined();
  });
});
