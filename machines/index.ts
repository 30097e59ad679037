import type { AnyStateMachine } from 'xstate';
import { layoutModeMachine } from './layoutMode';
import { alertMachine } from './alert';
import { partialLoadMachine } from './partialLoad';
import { sliderMachine } from './slider';
import { buyBoxMachine } from './buyBox';
import { vehicleConfiguratorMachine } from './vehicleConfigurator';
import { miniBasketMachine } from './miniBasket';
import { formMachine } from './form';
import { bannersMachine } from './banners';
import { liveSearchMachine } from './liveSearch';
import { stickyHeaderMachine } from './stickyHeader';

/** Every flow's machine by id: what `npm run machines:export` writes for the visualizer. */
export const machines: Record<string, AnyStateMachine> = {
  layoutMode: layoutModeMachine,
  alert: alertMachine,
  partialLoad: partialLoadMachine,
  slider: sliderMachine,
  buyBox: buyBoxMachine,
  vehicleConfigurator: vehicleConfiguratorMachine,
  miniBasket: miniBasketMachine,
  form: formMachine,
  banners: bannersMachine,
  liveSearch: liveSearchMachine,
  stickyHeader: stickyHeaderMachine,
};
