import fc from 'fast-check';
import { expectSaga } from 'redux-saga-test-plan';
import { throwError } from 'redux-saga-test-plan/providers';
import * as matchers from 'redux-saga-test-plan/matchers';
import { isVehiclePagePath, slugText, vehiclePageHref, vehiclePageOf, vehiclePagePath } from '../../../src/domain/vehiclePages';
import { localPath, pageAddresses } from '../../../src/domain/languagePaths';
import { locationOf, pageTypeOf } from '../../../src/app/routes';
import { pageDataNeeds, pageStateFrom } from '../../../src/app/pageData';
import { loadPageData } from '../../../sagas/page';
import { fetchVehiclePage } from '../../../src/api/vehiclePages';
import { HttpError } from '../../../src/api/http';
import { pageLoaded } from '../../../store/pageSlice';
import type { VehiclePageData } from '../../../src/api/wire';

describe('vehicle page addresses (issue 25)', () => {
  it('name the kind and id, then words of the name', () => {
    expect(vehiclePagePath('brand', 3, 'Citroën')).toBe('/vehicles/brand-3-citroen.html');
    expect(vehiclePagePath('model', 1004, 'Alfa Romeo Giulietta')).toBe('/vehicles/model-1004-alfa-romeo-giulietta.html');
    expect(vehiclePagePath('engine', 20001, 'Fiat Punto II (1999-2003) 1.2 8V 60 CV (44 kW)')).toBe('/vehicles/engine-20001-fiat-punto-ii-1999-2003-1-2-8v-60-cv-44-kw.html');
    expect(vehiclePagePath('brand', 9, '<script>')).toBe('/vehicles/brand-9-script.html');
  });

  it('read back to their kind and id whatever the name; any other path is none', () => {
    fc.assert(
      fc.property(fc.constantFrom('brand' as const, 'model' as const, 'engine' as const), fc.integer({ min: 1, max: 999_999_999 }), fc.string({ maxLength: 200 }), (kind, id, name) => {
        const path = vehiclePagePath(kind, id, name);
        expect(vehiclePageOf(path)).toEqual({ kind, id });
        expect(isVehiclePagePath(path)).toBe(true);
        expect(slugText(name)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
        expect(slugText(name).length).toBeLessThanOrEqual(80);
      }),
    );
    for (const path of ['/vehicles/car-3-x.html', '/vehicles/brand-0-x.html', '/vehicles/brand-3-X.html', '/vehicles/brand-3.html', '/vehicles/brand-1234567890-x.html', '/pl/vehicles/brand-3-x.html', '/vehicles/brand-3-x.html/']) {
      expect({ path, page: vehiclePageOf(path) }).toEqual({ path, page: null });
    }
  });

  it('are pages of their own type, in every language', () => {
    expect(pageTypeOf('/vehicles/engine-20001-x.html')).toEqual({ type: 'vehicle', productId: null });
    expect(locationOf('/pl/vehicles/brand-3-fiat.html', '').path).toBe('/vehicles/brand-3-fiat.html');
    expect(localPath('/vehicles/brand-3-fiat.html', 'en')).toBe('/en/vehicles/brand-3-fiat.html');
    expect(pageAddresses('/vehicles/brand-3-fiat.html')).toEqual({ it: '/vehicles/brand-3-fiat.html', pl: '/pl/vehicles/brand-3-fiat.html', en: '/en/vehicles/brand-3-fiat.html' });
    expect(pageDataNeeds(locationOf('/vehicles/model-1004-x.html', '')).vehiclePage).toEqual({ kind: 'model', id: 1004 });
  });

  it('the configurator choice links its engine page, else its model or brand page', () => {
    const choice = { brand: { id: 3, name: 'Fiat' }, model: { id: 1004, name: 'Punto' }, year: { id: 5008, name: 'Punto II (1999-2003)' }, engine: { id: 20001, name: '1.2 8V 60 CV (44 kW)' } };
    expect(vehiclePageHref(choice)).toBe('/vehicles/engine-20001-fiat-punto-ii-1999-2003-1-2-8v-60-cv-44-kw.html');
    expect(vehiclePageHref({ ...choice, year: null, engine: null })).toBe('/vehicles/model-1004-fiat-punto.html');
    expect(vehiclePageHref({ brand: choice.brand })).toBe('/vehicles/brand-3-fiat.html');
    expect(vehiclePageHref({ brand: null })).toBeNull();
  });
});

describe('a vehicle page opened in the browser without its server state', () => {
  const page: VehiclePageData = {
    kind: 'brand',
    id: 3,
    name: 'Fiat',
    link: '/vehicles/brand-3-fiat.html',
    brand: { id: 3, name: 'Fiat', link: '/vehicles/brand-3-fiat.html' },
    model: null,
    generation: null,
    engine: null,
    children: [{ id: 1004, name: 'Punto', link: '/vehicles/model-1004-fiat-punto.html' }],
    categories: [],
  };

  it('asks the shop API for its data and builds the page slice the server would', () => {
    const location = locationOf('/vehicles/brand-3-fiat.html', '');
    return expectSaga(loadPageData, location)
      .withState({ vehicle: { saved: null } })
      .provide([[matchers.call.fn(fetchVehiclePage), page]])
      .call(fetchVehiclePage, 'brand', 3)
      .put(pageLoaded(pageStateFrom(location, { vehiclePage: page })))
      .run();
  });

  it('an unknown vehicle (404) is the not-found page', async () => {
    const location = locationOf('/vehicles/engine-999-x.html', '');
    await expectSaga(loadPageData, location)
      .withState({ vehicle: { saved: null } })
      .provide([[matchers.call.fn(fetchVehiclePage), throwError(new HttpError('No engine 999', 404))]])
      .put(pageLoaded(pageStateFrom(location, { vehiclePage: null })))
      .run();
    expect(pageStateFrom(location, { vehiclePage: null }).location?.type).toBe('noProduct');
  });
});
